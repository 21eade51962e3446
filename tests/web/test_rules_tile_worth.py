"""The meld checker explains each tile's value and Best opening lists the tiles it leaves on
the rack (issue 25, point 5), in the page's language and tile letters."""

from __future__ import annotations

from .test_rules import by_id

HU = {"Accept-Language": "hu"}
FR = {"Accept-Language": "fr"}


def test_a_romanian_two_joker_run_says_what_each_tile_counts_and_why(client):
    response = client.get("/rules/check?variant=romanian&tiles=r8+r9+j+j+r12+r13")
    assert by_id(response, "opening-value") == "50"
    assert by_id(response, "end-value") == "130"
    joker = (
        "A joker: it counts 10, as the tile it stands for does. At the end of the hand it "
        "scores 50, the bonus for a melded joker here."
    )
    assert by_id(response, "worths") == (
        "r8 Counts 5: here every tile from 2 to 9 counts 5. "
        "r9 Counts 5: here every tile from 2 to 9 counts 5. "
        f"j=r10 {joker} j=r11 {joker} "
        "r12 Counts 10: here every tile from 10 to 13 counts 10. "
        "r13 Counts 10: here every tile from 10 to 13 counts 10."
    )
    assert "What each tile counts" in response.get_data(as_text=True)


def test_the_explanation_in_hungarian_writes_the_tiles_in_the_pages_letters(client):
    response = client.get("/rules/check?variant=romanian&tiles=p12+p13+p1+j", headers=HU)
    assert by_id(response, "worths") == (
        "j=p11 Joker: 10 pontot ér, annyit, mint a kő, amelyet helyettesít. "
        "A leosztás végén 50 pontot hoz, itt ennyi a kirakott joker bónusza. "
        "p12 10 pontot ér: itt minden kő 10-től 13-ig 10 pontot ér. "
        "p13 10 pontot ér: itt minden kő 10-től 13-ig 10 pontot ér. "
        "p1 10 pontot ér: itt az ász 10 pontot ér egy sorban a 13 után."
    )
    assert "Mit ér az egyes kő" in response.get_data(as_text=True)


def test_a_fixed_joker_value_in_french(client):
    response = client.get("/rules/check?variant=tile-rummy&tiles=j1+j2+*", headers=FR)
    assert by_id(response, "opening-value") == "28"
    assert by_id(response, "worths") == (
        "j1 Compte 1, le nombre inscrit sur la tuile. "
        "j2 Compte 2, le nombre inscrit sur la tuile. "
        "*=j3 Un joker : pour l'ouverture il compte 25, la valeur fixe d'un joker ici."
    )


def test_an_illegal_meld_explains_no_tile(client):
    response = client.get("/rules/check?variant=rummikub&tiles=r12+r13+r1")
    assert 'id="worths"' not in response.get_data(as_text=True)


def test_best_opening_lists_the_tiles_left_on_the_rack(client):
    response = client.get("/rules/best-opening?variant=rummikub&rack=r10+r11+r12+b3+k9+j+j")
    assert by_id(response, "opening-value") == "63"
    assert by_id(response, "left") == "b3 blue 3"
    assert "Left on the rack" in response.get_data(as_text=True)
    every = client.get("/rules/best-opening?variant=rummikub&rack=r1+r2+r3+b7+k7+y7+j")
    assert by_id(every, "left") == "Nothing: every tile goes down in the opening."
    none = client.get("/rules/best-opening?variant=rummikub&rack=b1+b5")
    assert by_id(none, "left") == "b1 b5 blue 1, blue 5"


def test_best_opening_lists_the_tiles_left_in_hungarian_and_french(client):
    hungarian = client.get(
        "/rules/best-opening?variant=rummikub&rack=p10+p11+p12+k3+f9+s9+j", headers=HU
    )
    assert by_id(hungarian, "left") == "k3 kék 3"
    assert "A tartón marad" in hungarian.get_data(as_text=True)
    french = client.get("/rules/best-opening?variant=rummikub&rack=r1+r2+r3+b7+n7+j7", headers=FR)
    assert by_id(french, "left") == "Rien : toutes les tuiles sont posées à l'ouverture."
    assert "Reste sur le chevalet" in french.get_data(as_text=True)
