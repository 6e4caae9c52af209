//! Every game of the catalog on arbitrary text, as the referee, the viewer and the command
//! line hand it over.

use olympiad_catalog::find_game;

#[test]
fn a_position_of_another_variant_is_refused() {
    // Found by `position_texts`: a Rolit text without its number of players (so four) was
    // read as a game named rolit3 with four seats.
    let four = "...12....2.21..1..22111....111.2..131332..131332..1..223..1.2222 3";
    let e = find_game("rolit3").unwrap().from_text(four).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad position: a position of 4 players, but rolit3 is played by 3"
    );
    let game = find_game("rolit").unwrap().from_text(four).unwrap();
    assert_eq!(game.num_players(), 4);
}
