//! The number of legal positions (every chain has a liberty) on n x n boards, by
//! enumerating all 3^(n*n) colourings and asking the position reader, which refuses a
//! board with a chain without liberty: Tromp's counts, OEIS A094777 (1, 57, 12675,
//! 24318165 for n = 1..4). The reference twin's own predicate is counted beside it where
//! the enumeration is small.

use olympiad_core::Notation;
use olympiad_go::Position;
use olympiad_go::reference::RefPosition;

/// OEIS A094777, n = 1..4.
const A094777: [u64; 4] = [1, 57, 12675, 24318165];

/// Legal positions of the n x n board by the fast reader, and by the reference's
/// predicate when `with_reference`.
fn count(n: usize, with_reference: bool) -> (u64, u64) {
    let points = n * n;
    let mut digits = vec![0u8; points];
    let (mut fast, mut slow) = (0, 0);
    let mut text = String::new();
    loop {
        text.clear();
        for y in 0..n {
            if y > 0 {
                text.push('/');
            }
            for x in 0..n {
                text.push(['.', 'x', 'o'][usize::from(digits[y * n + x])]);
            }
        }
        text.push_str(" b 0 - 0 superko");
        if Position::parse_position(&text).is_ok() {
            fast += 1;
        }
        if with_reference
            && RefPosition::from_text(&text)
                .unwrap()
                .every_group_breathes()
        {
            slow += 1;
        }
        // The next colouring, as a base-3 odometer.
        let mut i = 0;
        while i < points && digits[i] == 2 {
            digits[i] = 0;
            i += 1;
        }
        if i == points {
            return (fast, slow);
        }
        digits[i] += 1;
    }
}

#[test]
fn legal_positions_up_to_3x3() {
    for n in 1..=3 {
        assert_eq!(count(n, true), (A094777[n - 1], A094777[n - 1]), "{n}x{n}");
    }
}

#[test]
#[ignore = "slow: 43 million 4x4 boards read (about a minute)"]
fn legal_positions_4x4() {
    assert_eq!(count(4, false).0, A094777[3]);
}
