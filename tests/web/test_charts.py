"""Charts drawn on the server: accessible SVG whose numbers are also given in words."""

from scorekeeper.web.history.charts import line_chart, nice_ticks, running_totals, short, spread


def test_running_totals_start_at_nought_and_add_each_hand():
    assert running_totals(["Ana", "Bo"], [{"Ana": 24, "Bo": -24}, {"Ana": -6, "Bo": 6}]) == [
        [0, 24, 18],
        [0, -24, -18],
    ]


def test_ticks_are_round_and_cover_the_values_and_nought():
    assert nice_ticks(-45, 88) == [-50, 0, 50, 100]
    assert nice_ticks(3, 7) == [0, 2, 4, 6, 8]
    assert nice_ticks(0, 0) == [0, 1]


def test_end_labels_are_moved_apart_but_stay_in_the_plot():
    assert spread([50, 52, 200], 10, 190, 14) == [50, 64, 190]
    assert spread([100, 100, 100], 10, 190, 14) == [100, 114, 128]
    assert spread([185, 190, 190], 10, 190, 14) == [162, 176, 190]


def test_long_names_are_cut_with_an_ellipsis():
    assert short("Ana") == "Ana"
    assert short("<script>alert(1)</script>") == "<script>\u2026"


def test_a_chart_has_a_title_a_description_and_escapes_names():
    svg = str(
        line_chart(
            "c",
            "Running totals: <b>",
            "After 2 hands: A +3.",
            "Hand",
            "Total",
            ["0", "1", "2"],
            [("<script>alert(1)</script>", [0, 1, 3])],
        )
    )
    assert svg.startswith(
        '<svg class="chart" viewBox="0 0 360 240" role="img" aria-labelledby="c-title c-desc"'
    )
    assert '<title id="c-title">Running totals: &lt;b&gt;</title>' in svg
    assert '<desc id="c-desc">After 2 hands: A +3.</desc>' in svg
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "style=" not in svg


def test_the_points_on_the_axis_are_written_as_the_page_writes_numbers():
    svg = str(
        line_chart(
            "c", "T", "D", "Night", "Points", ["a", "b"], [("Ana", [0, 1200])], "<{}>".format
        )
    )
    assert "&lt;1000&gt;</text>" in svg and ">1000<" not in svg
