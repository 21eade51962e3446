"""Who may change scores: with a passcode set, only the scorer; every other phone watches."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
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

from . import passcode
from .forms.access import PasscodeForm
from .forms.common import EmptyForm

bp = Blueprint("access", __name__)

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
# Posting here changes who this phone is, never the scores.
OPEN_ENDPOINTS = {"access.become", "access.leave", "static"}
# A wrong passcode waits this long: guessing gets slow, the real scorer is never locked out.
WRONG_PASSCODE_DELAY = 1.0
REFUSED = "Only the scorer can change scores at this table."
API_REFUSED = ("only the scorer can change scores: send the passcode as "
               "Authorization: Bearer <passcode>")


def current_hash() -> str | None:
    """The passcode hash for this request, read once per request."""
    if "passcode_hash" not in g:
        g.passcode_hash = passcode.stored_hash(Path(current_app.instance_path))
    return g.passcode_hash


def is_scorer() -> bool:
    """Whether this request may change scores."""
    stored = current_hash()
    if stored is None:
        return True
    if request.path.startswith("/api/"):
        return bearer_ok(stored)
    return session.get("scorer") == passcode.fingerprint(stored)


def bearer_ok(stored: str) -> bool:
    """Whether the request carries the passcode as a bearer token."""
    kind, _, token = request.headers.get("Authorization", "").partition(" ")
    if kind.lower() != "bearer" or not token.strip():
        return False
    if passcode.matches(stored, token.strip()):
        return True
    slow_down()
    return False


# Wrong passcodes wait in turn, so guessing from many connections at once is no faster.
_wrong_guesses = threading.Lock()


def slow_down() -> None:
    """Make a wrong passcode cost a moment."""
    with _wrong_guesses:
        time.sleep(current_app.config.get("WRONG_PASSCODE_DELAY", WRONG_PASSCODE_DELAY))


def safe_next(target: str | None) -> str:
    """A path on this site to go back to, never another site."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
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


def guard():
    """Refuse a change from a phone that is not the scorer, and show it how to become one."""
    if request.endpoint in OPEN_ENDPOINTS or is_scorer():
        return None
    if request.path.startswith("/api/"):
        if request.method in SAFE_METHODS:
            return None
        return jsonify({"error": API_REFUSED}), 403
    rule = request.url_rule
    # A page whose form posts is the form: a watching phone gets the prompt instead.
    if request.method in SAFE_METHODS and (rule is None or "POST" not in (rule.methods or ())):
        return None
    resume = request.full_path.rstrip("?") if request.method == "POST" else None
    return render_template("access/refused.html", message=REFUSED, back=referrer_path(),
                           form=PasscodeForm(formdata=None, next=came_from()),
                           resume=resume, kept=kept_fields() if resume else []), 403


# The passcode form's own fields; anything else it carries is the refused change, kept.
OWN_FIELDS = {"csrf_token", "passcode", "next", "resume"}


def kept_fields() -> list[tuple[str, str]]:
    """What the refused form posted, to send again once the passcode is right."""
    return [(k, v) for k, v in request.form.items(multi=True) if k not in OWN_FIELDS]


def state() -> dict:
    """Tell every template whether a passcode is set and whether this phone is the scorer."""
    return {"passcode_set": current_hash() is not None, "scorer": is_scorer()}


@bp.route("/scorer", methods=["GET", "POST"])
def become():
    """Become the scorer on this phone by entering the passcode."""
    stored = current_hash()
    form = PasscodeForm(next=request.args.get("next"))
    if stored is None:
        flash("No passcode is set: every phone can change scores.")
        return redirect(safe_next(form.next.data))
    resume = request.form.get("resume") if request.method == "POST" else None
    if resume is not None and (safe_next(resume) != resume
                               or urlsplit(resume).path == request.path):
        resume = None
    if form.validate_on_submit():
        if passcode.matches(stored, (form.passcode.data or "").strip()):
            # Not permanent: the browser drops the cookie when it closes.
            session.permanent = False
            session["scorer"] = passcode.fingerprint(stored)
            flash("You are the scorer on this phone until the browser is closed.")
            if resume:
                # 307 makes the browser post the kept change again, to where it was going.
                return redirect(resume, code=307)
            return redirect(safe_next(form.next.data))
        slow_down()
        form.passcode.errors = [*form.passcode.errors, "That is not the passcode."]
    status = 422 if form.errors else 200
    return render_template("access/become.html", form=form, resume=resume,
                           kept=kept_fields() if resume else []), status


@bp.route("/scorer/leave", methods=["POST"])
def leave():
    """Stop being the scorer on this phone."""
    if EmptyForm().validate_on_submit():
        session.pop("scorer", None)
        flash("This phone is no longer the scorer.")
    return redirect(url_for("nights.home"))


def init_app(app: Flask) -> None:
    """Check every change, and give templates the scorer state."""
    app.register_blueprint(bp)
    app.before_request(guard)
    app.context_processor(state)
    app.jinja_env.globals["leave_form"] = EmptyForm
