"""Who may change scores: with a passcode set, only the scorer (and an event table's scorer,
the hands of that table: table_scorer.py); every other phone watches.
The pages that make a phone the scorer and refuse the others; the checks of the codes a phone
sends are in checks.py."""

from __future__ import annotations

import sqlite3
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    current_app,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale, gettext, lazy_gettext, ngettext

from ...store import scorer_sessions
from ..forms.common import EmptyForm
from ..shell import cookies
from ..shell.db import get_db
from . import passcode, table_scorer
from .checks import (
    BUSY_SECONDS,
    SCORER_PHONE_COOKIE,
    TooManyGuesses,
    bearer_ok,
    bearer_token,
    check_guess,
    current_hash,
    device_signer,
    limiter,
    trusted_phone,
)
from .forms import PasscodeForm
from .guesses import phone_of

bp = Blueprint("access", __name__)

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
# Posting here changes who this phone is, never the scores; a player's own rack is only a
# draft for the scorer, checked in its view (web/racks/drafts.py). Picking a language changes
# only the phone's own cookie, so every phone may.
# A seat is taken only with the series' join code (web/racks/join_codes.py); reading the drafts
# needs no code, so a bearer code sent with it is never checked.
OPEN_ENDPOINTS = {
    "access.become",
    "access.leave",
    "language.switch",
    "static",
    "racks.mine",
    "racks.claim",
    "racks.let_go",
    "join_codes.join",
    # A table's code is checked by its page, under the passcode's limiter (table_codes.py).
    "table_codes.enter",
    "draft_api.put_draft",
    "draft_api.read_draft",
    # The clock checks who presses each button itself: the scorer (and a table's scorer, of
    # its own table) any, and the phone holding the seat whose turn it is Done
    # (web/clock/state.py).
    "clock.step",
    "clock_api.step",
}
REFUSED = lazy_gettext("Only the scorer can change scores at this table.")
API_REFUSED = lazy_gettext(
    "only the scorer can change scores: send the passcode as %(header)s",
    header="Authorization: Bearer <passcode>",
)


def is_scorer() -> bool:
    """Whether this request may change scores (worked out once per request)."""
    if "scorer_live" not in g:
        g.scorer_live = _scorer_now()
    return bool(g.scorer_live)


def _scorer_now() -> bool:
    stored = current_hash()
    if stored is None:
        return True
    if request.path.startswith("/api/"):
        return bearer_ok(stored)
    tag = passcode.fingerprint(stored)
    if session.get("scorer") != tag:
        return False
    try:
        return scorer_sessions.is_live(get_db(), session.get("scorer_id"), tag)
    except sqlite3.DatabaseError:
        # The sessions cannot be read (a damaged file): the page that says so is drawn as
        # for any phone, without asking the database again.
        g.scorer_live = False
        raise


def safe_next(target: str | None) -> str:
    """A path on this site to go back to, never another site.

    Browsers drop tabs and line breaks inside an address and read a backslash as a slash,
    so "/<TAB>/other.host" would leave the site: any control character is refused too.
    """
    if (
        not target
        or not target.startswith("/")
        or target.startswith("//")
        or "\\" in target
        or any(ord(c) < 0x20 or ord(c) == 0x7F for c in target)
        or urlsplit(target).netloc
    ):
        return url_for("nights.home")
    return target


def referrer_path() -> str:
    """The page this request came from, if it is on this site; else the home page."""
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc != request.host:
        return url_for("nights.home")
    return safe_next(referrer.path + (f"?{referrer.query}" if referrer.query else ""))


def came_from() -> str:
    """Where to go once the passcode is entered: this page, or the one whose form posted."""
    if request.method == "GET":
        return safe_next(request.full_path.rstrip("?"))
    return referrer_path()


def is_guess() -> bool:
    """Whether this request offers a passcode: the passcode form posted, or the API with one
    as a bearer token."""
    if request.path.startswith("/api/"):
        return bearer_token() is not None
    return request.method == "POST" and request.endpoint == "access.become"


def refuse_early():
    """Answer a guess from a phone that must wait before anything else reads the request.

    Runs first after the Host check, before the CSRF token, the body and the form are read:
    while sixteen phones guess, each refusal's time is taken from the table's pages, which
    share the server's one process (issue 15). The answer is the one the guess would get
    later; a phone that may guess goes on to be checked as before.
    """
    if not is_guess():
        return None
    stored = current_hash()
    if stored is None:
        return None
    trusted, phone = trusted_phone(stored), phone_of(request.remote_addr)
    wait = limiter().waiting(phone, passcode.fingerprint(stored), None, trusted)
    if wait:
        return too_many(TooManyGuesses(wait))
    # While another phone's passcode is being checked, a guessing phone would be told to
    # come back (check_guess): tell it now, before its form is built. Only the passcode is
    # read.
    if not limiter().may_wait(phone, trusted) and passcode.would_wait() and offered_passcode():
        return too_many(TooManyGuesses(BUSY_SECONDS, busy=True))
    return None


def offered_passcode() -> str:
    """The passcode this request offers, as the form or the bearer check reads it."""
    if request.path.startswith("/api/"):
        return bearer_token() or ""
    return (request.form.get("passcode") or "").strip()


def guard():
    """Refuse a change from a phone that is not the scorer, and show it how to become one."""
    try:
        if request.endpoint in OPEN_ENDPOINTS or is_scorer():
            return None
        # A table's scorer changes the hands of its table's series, and nothing else.
        if table_scorer.hand_change_allowed():
            return None
    except TooManyGuesses as error:
        return too_many(error)
    if request.path.startswith("/api/"):
        if request.method in SAFE_METHODS:
            return None
        return jsonify({"error": table_scorer.api_code_refusal() or str(API_REFUSED)}), 403
    rule = request.url_rule
    # A page whose form posts is the form: a watching phone gets the prompt instead.
    if request.method in SAFE_METHODS and (rule is None or "POST" not in (rule.methods or ())):
        return None
    resume = request.full_path.rstrip("?") if request.method == "POST" else None
    # A phone scoring one table is told which, so it knows why this is refused.
    held = table_scorer.held_table_sentence()
    return render_template(
        "access/refused.html",
        message=held or REFUSED,
        table_phone=held is not None,
        back=referrer_path(),
        form=PasscodeForm(formdata=None, next=came_from()),
        resume=resume,
        kept=kept_fields() if resume else [],
    ), 403


# The passcode form's own fields; anything else it carries is the refused change, kept.
OWN_FIELDS = {"csrf_token", "passcode", "next", "resume"}


def kept_fields() -> list[tuple[str, str]]:
    """What the refused form posted, to send again once the passcode is right."""
    return [(k, v) for k, v in request.form.items(multi=True) if k not in OWN_FIELDS]


def state() -> dict:
    """Tell every template whether a passcode is set and whether this phone is the scorer."""
    try:
        scorer = is_scorer()
    except TooManyGuesses:
        scorer = False
    return {
        "passcode_set": current_hash() is not None,
        "scorer": scorer,
        # This phone scores the page's series as a table of an event: its hands only.
        "table_scorer": not scorer and table_scorer.scores_this_series(),
        "short_passcode": scorer and bool(session.get("short_passcode")),
    }


@bp.route("/scorer", methods=["GET", "POST"])
def become():
    """Become the scorer on this phone by entering the passcode."""
    stored = current_hash()
    form = PasscodeForm(next=request.args.get("next"))
    if stored is None:
        flash(gettext("No passcode is set: every phone can change scores."))
        return redirect(safe_next(form.next.data))
    resume = request.form.get("resume") if request.method == "POST" else None
    if resume is not None and (
        safe_next(resume) != resume or urlsplit(resume).path == request.path
    ):
        resume = None
    if form.validate_on_submit():
        typed = (form.passcode.data or "").strip()
        try:
            right = check_guess(stored, typed) == "scorer"
        except TooManyGuesses as error:
            return too_many(error)
        if right:
            return start_scoring(stored, typed, resume or safe_next(form.next.data), resume)
        form.passcode.errors = [*form.passcode.errors, gettext("That is not the passcode.")]
    status = 422 if form.errors else 200
    return render_template(
        "access/become.html", form=form, resume=resume, kept=kept_fields() if resume else []
    ), status


def too_many(error: TooManyGuesses):
    """Answer a phone that guessed too often at once (or while another phone's passcode is
    being checked): 429, and when to try again."""
    minutes = max(1, -(-error.seconds // 60))
    if request.path.startswith("/api/"):
        if error.busy:
            words = gettext("another passcode is being checked. try again in a few seconds")
        else:
            words = ngettext(
                "too many wrong passcodes. try again in %(num)d minute",
                "too many wrong passcodes. try again in %(num)d minutes",
                minutes,
            )
        response = jsonify({"error": words})
    else:
        response = current_app.response_class(
            waiting_page(minutes, error.busy), mimetype="text/html"
        )
    response.status_code = 429
    response.headers["Retry-After"] = str(error.seconds)
    return response


def waiting_page(minutes: int, busy: bool) -> str:
    """The 429 page in the phone's language, drawn once per language and wait and kept: it
    shows nothing of the phone but its language, so a flood of refused guesses costs no
    template work (issue 15). At most 4 languages x 2 kinds x 15 minutes are ever kept."""
    # The phone's language as Babel chose it for this request (web/shell/language.py).
    language = str(get_locale() or "en")
    kept: dict[tuple[str, int, bool], str] = current_app.extensions["waiting_pages"]
    key = (language, 0 if busy else minutes, busy)
    if key not in kept:
        if busy:
            title = gettext("Try again in a moment")
            message = gettext(
                "Another passcode is being checked. Try again in a few seconds. "
                "The scorer's own phone is not locked out by other phones."
            )
        else:
            title = gettext("Too many wrong passcodes")
            message = ngettext(
                "Too many wrong passcodes. Try again in %(num)d minute. The scorer's own phone "
                "is not locked out by other phones.",
                "Too many wrong passcodes. Try again in %(num)d minutes. The scorer's own phone "
                "is not locked out by other phones.",
                minutes,
            )
        # Drawn without the context processors: they would read the session and the database.
        kept[key] = current_app.jinja_env.get_template("access/too_many.html").render(
            title=title, message=message, page_language=language
        )
    return kept[key]


def start_scoring(stored: str, typed: str, target: str, resume: str | None):
    """Make this phone the scorer: a session the server can end, and the phone remembered."""
    tag = passcode.fingerprint(stored)
    # Not permanent: the browser drops the cookie when it closes.
    session.permanent = False
    session["scorer"] = tag
    session["scorer_id"] = scorer_sessions.start_session(get_db(), tag)
    session["short_passcode"] = len(typed) < passcode.MIN_LENGTH
    flash(gettext("You are the scorer on this phone until the browser is closed."))
    # 307 makes the browser post the kept change again, to where it was going.
    response = redirect(target, code=307 if resume else 302)
    cookies.give(response, SCORER_PHONE_COOKIE, device_signer().dumps(tag), 365 * 24 * 60 * 60)
    return response


@bp.route("/scorer/leave", methods=["POST"])
def leave():
    """Stop being the scorer on this phone, and end the session on the server too."""
    if EmptyForm().validate_on_submit():
        scorer_sessions.end_session(get_db(), session.pop("scorer_id", None))
        session.pop("scorer", None)
        flash(gettext("This phone is no longer the scorer."))
    return redirect(url_for("nights.home"))
