//! SGF on arbitrary input: mutations of real-looking files. What is read writes out and
//! reads back as the same trees; what is refused names a line and column inside the text.

use olympiad_core::fuzz::{self, Verdict};

const ALPHABET: &str = "();[]\\:ABWCGMSZKEaebdt019 \n\r";

fn examples() -> Vec<String> {
    [
        "(;FF[4]GM[1]SZ[9]KM[7.5]RU[Chinese]PB[a]PW[b]RE[W+R]\n;B[ee]BL[59.1];W[]C[pass]\n(;B[dd])(;B[cc]))",
        "(;GM[1]AB[aa][bb]AW[cc:dd]C[a \\] b\\\\ c\\\nd];B[tt])\n(;GM[11]SZ[11];B[f6];W[swap-pieces])",
        "junk\n(;GaMe[1]AddBlack[ab]\n)",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

#[test]
fn read_write_read() {
    let stats = fuzz::run(
        "sgf",
        &examples(),
        ALPHABET,
        |text| match olympiad_sgf::read(text) {
            Ok(trees) => {
                let again = olympiad_sgf::read(&olympiad_sgf::write(&trees))
                    .map_err(|e| format!("written text does not read: {e}"))?;
                let plain = |t: &[olympiad_sgf::GameTree]| olympiad_sgf::write(t);
                if plain(&again) == plain(&trees) {
                    Ok(Verdict::Accepted)
                } else {
                    Err("written text reads back as other trees".into())
                }
            }
            Err(e) => {
                fuzz::within(text, e.at.line, e.at.column)?;
                fuzz::rejected(&e)
            }
        },
    );
    assert!(stats.accepted > 0, "{stats:?}");
}
