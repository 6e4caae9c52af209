//! The TOML config on arbitrary text.

use olympiad_tournament::TournamentConfig;

#[test]
fn a_header_without_a_name_names_no_key() {
    // Found by `configs`: the error at an unfinished header `[` named the empty key.
    let text = "\ngame = \"caissa\"\n\n[format]\nkind = \"codecup\"\nswiss_-ounds = 2\ntop = 3\n\n\
                [[players]]\nname = \"a\"\nspec = \"builtin:random\"\n\n[";
    let e = TournamentConfig::from_toml(text).unwrap_err();
    assert_eq!((e.key.as_deref(), e.line, e.column), (None, Some(13), Some(2)));
    assert!(e.to_string().starts_with("line 13, column 2: unquoted keys"), "{e}");
}
