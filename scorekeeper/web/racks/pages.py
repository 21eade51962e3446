"""My rack: each player counts their own rack on their own phone and sends it to the
scorer's record-hand form as a draft. A phone says once which player it is ("I'm Ana"); the
scorer can hand a seat over to another phone. Nothing here records a hand or changes a
total: the scorer saves the hand as always."""

from __future__ import annotations

from flask import (
    Blueprint,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from ...store import drafts, hands
from ...store.series import Series, standing
from ..clock import state as clock_state
from ..forms import tally
from ..forms.common import EmptyForm
from ..shell.db import get_db
from ..shell.lookup import series_or_404
from ..viewer import live_table
from . import drafts as rack_drafts
from . import seen
from .drafts import DraftProblem
from .forms import JoinForm, MyRackForm, SeatForm, draft_of, fill
from .join_codes import may_take_seat

bp = Blueprint("racks", __name__)


def _wants_json() -> bool:
    """Whether the page's script sent the form and reads the answer itself."""
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return best == "application/json"


@bp.route("/series/<int:series_id>/my-rack", methods=["GET", "POST"])
def mine(series_id: int):
    """ "My rack for hand N": count this phone's player's rack and send it to the scorer;
    on a phone that is no player yet, say which player it is."""
    db = get_db()
    one = series_or_404(db, series_id)
    seat = drafts.seat_of(db, series_id, rack_drafts.phone_key())
    if seat is None:
        if request.method == "POST":
            lost = _("This phone no longer counts for a player: say again which player you are.")
            if _wants_json():
                return jsonify({"error": lost, "where": "seat"}), 403
            flash(lost, "error")
        return _choose_page(one)
    form = MyRackForm(prefix="mine")
    if request.method == "POST" and form.validate():
        draft = draft_of(form, one.variant)
        if not draft:
            # The API's refusal of an empty draft speaks of JSON: the page says it plainly.
            return _refused(
                one,
                seat,
                form,
                DraftProblem(
                    400, _("Enter the tiles left on your rack, or the points instead."), "rack"
                ),
            )
        try:
            # The seat it holds, and no other: a seat the scorer freed meanwhile stays free.
            number = rack_drafts.send(
                one, seat, draft, rack_drafts.phone_key(), form.hand.data, may_take=False
            )
        except DraftProblem as problem:
            return _refused(one, seat, form, problem)
        if _wants_json():
            return jsonify(
                {
                    "message": _(
                        "Sent to the scorer. You can change it until hand %(number)s is saved.",
                        number=hands.next_row(get_db(), one.id),
                    ),
                    "hand": number,
                }
            )
        # The page says it is sent (its status line): no flash to say it twice.
        return redirect(url_for("racks.mine", series_id=series_id))
    if request.method == "POST":
        beside = {
            name: list(f.errors)
            for name, f in form._fields.items()
            if f.errors and name not in ("csrf_token", "hand")
        }
        return _refused(
            one,
            seat,
            form,
            DraftProblem(422, _("Some boxes are not right: see beside them."), beside=beside),
        )
    return _rack_page(one, seat, form)


def _refused(one: Series, seat: int, form: MyRackForm, problem: DraftProblem):
    """The refusal on the phone, beside each box it is about (by the refusal's fields,
    never its words), and why."""
    if _wants_json():
        response = jsonify(
            {"error": problem.message, "where": problem.field, "beside": problem.beside}
        )
        response.status_code = problem.status
    else:
        shown = []
        for field, messages in problem.beside.items():
            if field in form and field != "hand":
                form[field].errors = [*dict.fromkeys([*form[field].errors, *messages])]
                shown += messages
        if problem.message not in shown:
            form.form_errors.append(problem.message)
        response = _rack_page(one, seat, form, fresh=False)
        response.status_code = problem.status
    if problem.retry_after is not None:
        response.headers["Retry-After"] = str(problem.retry_after)
    return response


def _rack_page(one: Series, seat: int, form: MyRackForm, fresh: bool = True):
    db = get_db()
    result = standing(db, one)
    number = None if result.finished else drafts.next_number(db, one.id)
    sent = drafts.drafts(db, one.id, number).get(seat) if number else None
    # Sent again, the rack is for the hand this page shows (the one being recorded now).
    form.hand.data, form.hand.raw_data = number, None
    if fresh and sent:
        fill(form, sent["fields"])
    shown = hands.sheet_slice(db, one.id, result.played - 1, 1)
    last = shown[0]["outcome"].scores.get(one.names[seat]) if shown else None
    shows = tally.shows(one.variant)
    # A hand followed in table mode: the table counts what each player melded, so the
    # player confirms that count rather than listing their melded tiles.
    table = live_table(db, one) if number else None
    if table is not None:
        shows = {**shows, "melded": False}
    page = render_template(
        "racks/mine.html",
        series=one,
        seat=seat,
        name=one.names[seat],
        form=form,
        number=number,
        row=hands.next_row(db, one.id),  # what the page says: the hand's row on the sheet
        sent=sent,
        last=last,
        played=result.played,
        shows=shows,
        table_count=table.count(one.names[seat]) if table is not None else None,
        tag=rack_drafts.phone_tag(rack_drafts.phone_key() or ""),
        rack_costs=tally.rack_costs(one.variant),
        let_go_form=EmptyForm(),
        clock=clock_state.page_clock(one),
    )
    return make_response(page)


def _choose_page(
    one: Series, refused: str | None = None, status: int = 200, retry_after: int | None = None
):
    """ "Which player are you?": the seats to take, once this phone has the join code;
    before, the box to type it in."""
    held = drafts.claims(get_db(), one.id)
    page = make_response(
        render_template(
            "racks/choose.html",
            series=one,
            held=held,
            form=SeatForm(),
            refused=refused,
            joined=may_take_seat(one.id),
            join_form=JoinForm(formdata=None),
        ),
        status,
    )
    if retry_after is not None:
        page.headers["Retry-After"] = str(retry_after)
    return page


@bp.post("/series/<int:series_id>/my-rack/seat")
def claim(series_id: int):
    """ "I'm Ana": this phone counts for that player from now on. Only a phone with the
    series' join code (or the scorer) takes a seat: web/racks/join_codes.py."""
    db = get_db()
    one = series_or_404(db, series_id)
    if not may_take_seat(series_id):
        return _choose_page(
            one,
            _(
                "This phone has not joined the series: scan the QR code on "
                "the scorer's phone, or type the join code it shows."
            ),
            403,
        )
    form = SeatForm()
    if form.validate() and form.seat.data is not None and form.seat.data < len(one.names):
        client = rack_drafts.phone_key(create=True) or ""
        wait = rack_drafts.seat_change_wait(client)
        if wait:
            return _choose_page(one, rack_drafts.seat_changes_words(wait), 429, wait)
        try:
            drafts.claim_seat(db, series_id, form.seat.data, client)
        except drafts.SeatTaken:
            flash(
                _(
                    "%(name)s's seat is held by another phone: ask the scorer to hand it over.",
                    name=one.names[form.seat.data],
                ),
                "error",
            )
    return redirect(url_for("racks.mine", series_id=series_id))


@bp.post("/series/<int:series_id>/my-rack/not-me")
def let_go(series_id: int):
    """ "Not me": this phone stops counting for its player."""
    db = get_db()
    series_or_404(db, series_id)
    key = rack_drafts.phone_key()
    if EmptyForm().validate() and key is not None:
        wait = rack_drafts.seat_change_wait(key)
        if wait:
            flash(rack_drafts.seat_changes_words(wait), "error")
        else:
            drafts.let_go(db, series_id, key)
    return redirect(url_for("racks.mine", series_id=series_id))


@bp.post("/series/<int:series_id>/seats/<int:seat>/hand-over")
def hand_over(series_id: int, seat: int):
    """The scorer frees a player's seat for another phone (scorer only: web/access/scorer.py)."""
    db = get_db()
    one = series_or_404(db, series_id)
    if EmptyForm().validate() and seat < len(one.names) and drafts.hand_over(db, series_id, seat):
        flash(
            _(
                "%(name)s's seat is free: the next phone that says \u201cI'm %(name)s\u201d "
                "counts for them.",
                name=one.names[seat],
            )
        )
    return redirect(url_for("series.show", series_id=series_id))


def my_rack_for(series_id: int) -> dict:
    """For the viewer and a watching phone's series page: the seat this phone counts for
    (None while it is no player) and the hand being recorded."""
    db = get_db()
    return {
        "seat": drafts.seat_of(db, series_id, rack_drafts.phone_key()),
        "number": hands.next_row(db, series_id),
    }


def seat_phones(series_id: int) -> dict:
    """For the scorer's series page: each seat held, by which phone (its tag, which the
    phone's own My rack page shows too) and since when; and the latest changes."""
    db = get_db()
    held = [
        {"seat": row["seat"], "tag": rack_drafts.phone_tag(row["client"]), "since": row["claimed"]}
        for row in drafts.holders(db, series_id)
    ]
    return {
        "held": held,
        "log": drafts.seat_log(db, series_id),
        "words": {
            "claimed": _("taken by a phone"),
            "let go": _("let go by its phone"),
            "handed over": _("handed over by the scorer"),
        },
    }


def counting_now(drafted: dict, form) -> str:
    """For the scorer's form: who still has no rack, phone or not (rack_drafts.counting_words),
    with who went out and the boxes the scorer filled as the form holds them."""
    out = form.went_out.data if "went_out" in form else None
    typed = frozenset(
        seat
        for seat, sub in enumerate(form.players)
        if (sub.form.rack.data or "").strip()
        or ("rack_points" in sub.form and sub.form.rack_points.data is not None)
    )
    return rack_drafts.counting_words(drafted, out, typed)


def draft_marks(drafted: dict, form) -> list[dict]:
    """For the scorer's form, each seat's mark: who sent its draft, unless the form's boxes
    differ from it (then the draft is offered beside them as "The phone that joined as Ana
    sent a new rack: r7"). The boxes are called the scorer's change only when they differ
    from the draft the form read too: still holding that one, they hold the phone's earlier
    rack. static/drafts.js keeps them up to date."""
    marks = []
    read = getattr(form, "drafts_read", None) or {}
    for seat, sub in zip(drafted["seats"], form.players, strict=False):
        draft = seat["draft"] or {}
        boxes = {f: seen.plain(f, sub.form[f].data) for f in draft if f in sub.form}
        if all(v == seen.plain(f, draft[f]) for f, v in boxes.items()):
            marks.append({"mark": seat["sent_by"], "newer": None})
            continue
        rack = seen.summary(draft, sub)
        words = (
            _(
                "The phone that joined as %(name)s sent a new rack: %(rack)s",
                name=seat["name"],
                rack=rack,
            )
            if seat["by_player"]
            else _("A new rack came for %(name)s: %(rack)s", name=seat["name"], rack=rack)
        )
        marks.append(
            {"mark": _earlier_or_changed(read.get(seat["seat"]), boxes, seat), "newer": words}
        )
    return marks


def _earlier_or_changed(read: dict | None, boxes: dict[str, str], seat: dict) -> str:
    """What a seat's boxes hold when they differ from its draft: the earlier rack the form
    read, or the scorer's change."""
    if not seen.from_earlier_draft(read, boxes):
        return _("changed by the scorer")
    if read and read["by_player"]:
        return _("the earlier rack from the phone that joined as %(name)s", name=seat["name"])
    return _("the earlier rack sent by the scorer")
