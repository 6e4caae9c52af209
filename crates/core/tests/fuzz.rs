//! The fuzzer itself: its inputs are reproducible and reach the corners parsers trip on, and
//! a failure is reported with everything needed to replay it.

use olympiad_core::fuzz::{self, Fuzz, Inputs, Verdict};
use std::panic::{AssertUnwindSafe, catch_unwind};

fn examples() -> Vec<String> {
    vec![
        "......./...bqn./....r../......./..R..../.NQB.../....... w - 0".into(),
        "B:W21,22,K30:B1,2,3 draw=40 quiet=3".into(),
        "I player 1 ./prog 10000\nI start 1 100\n".into(),
    ]
}

/// A few thousand inputs of one seed.
fn sample(seed: u64) -> Vec<String> {
    let examples = examples();
    let inputs = Inputs::new(&examples, "0123456789abc-/: ");
    (0..5_000).map(|case| inputs.make(seed, case)).collect()
}

#[test]
fn inputs_are_reproducible_and_the_examples_come_first() {
    assert_eq!(sample(7), sample(7));
    assert_ne!(sample(7), sample(8));
    let inputs = sample(7);
    assert_eq!(inputs[..3], examples()[..]);
    let examples = examples();
    let fuzz = Fuzz::new("x", &examples, "ab");
    assert_eq!(fuzz.input(1234), fuzz.input(1234));
}

#[test]
fn inputs_reach_the_corners() {
    let inputs = sample(1);
    let share = |p: &dyn Fn(&String) -> bool| inputs.iter().filter(|t| p(t)).count();
    let distinct: std::collections::BTreeSet<&String> = inputs.iter().collect();
    assert!(distinct.len() > 4_000, "{} distinct", distinct.len());
    // Near misses of the examples: most inputs are mutations.
    let near = share(&|t| {
        examples()
            .iter()
            .any(|e| t.len().abs_diff(e.len()) <= 3 && t != e)
    });
    assert!(near > 1_500, "{near} near misses");
    for (what, count) in [
        ("empty", share(&|t| t.is_empty())),
        ("with \\r", share(&|t| t.contains('\r'))),
        ("with NUL", share(&|t| t.contains('\0'))),
        ("non-ASCII", share(&|t| !t.is_ascii())),
        ("replacement characters", share(&|t| t.contains('\u{fffd}'))),
        (
            "20-digit numbers",
            share(&|t| t.contains("18446744073709551616")),
        ),
        ("negative numbers", share(&|t| t.contains("-1"))),
        ("long", share(&|t| t.chars().count() > 500)),
        (
            "two examples spliced",
            share(&|t| t.starts_with("B:W21") && t.contains("start")),
        ),
    ] {
        assert!(count >= 10, "only {count} inputs {what}");
    }
}

#[test]
fn a_panic_is_reported_with_its_case_and_exact_input() {
    let examples = vec!["abc".to_string()];
    // A parser that slices at byte 2: wrong as soon as a character there is wider.
    let bad = |text: &str| {
        let head = &text[..text.len().min(2)];
        if head.is_empty() {
            Err("empty".to_string())
        } else {
            Ok(Verdict::Accepted)
        }
    };
    let report = catch_unwind(AssertUnwindSafe(|| {
        Fuzz::new("slicer", &examples, "abc")
            .cases(20_000)
            .run(|text| match bad(text) {
                Ok(v) => Ok(v),
                Err(e) => fuzz::rejected(&e),
            })
    }))
    .expect_err("the slicer panics on some input");
    let message = report.downcast_ref::<String>().expect("a formatted report");
    assert!(message.starts_with("fuzz \"slicer\": case "), "{message}");
    assert!(message.contains("OLYMPIAD_FUZZ_SEED="), "{message}");
    assert!(message.contains("is not a char boundary"), "{message}");
    // The input is there, escaped, and replays the panic.
    let case: usize = message["fuzz \"slicer\": case ".len()..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a case number");
    let input = Fuzz::new("slicer", &examples, "abc").input(case);
    assert!(message.ends_with(&format!("input: {input:?}")), "{message}");
    assert!(catch_unwind(|| bad(&input)).is_err());
}

#[test]
fn a_wrong_answer_stops_the_run_like_a_panic() {
    let examples = vec!["12".to_string()];
    let report = catch_unwind(|| {
        fuzz::run("numbers", &examples, "0123456789", |text| {
            match text.parse::<u8>() {
                Ok(_) => Ok(Verdict::Accepted),
                // The standard library's message for an empty string is fine, but for
                // the test's sake every rejection is called wrong here.
                Err(e) => Err(format!("refused: {e}")),
            }
        })
    })
    .expect_err("some input is refused");
    let message = report.downcast_ref::<String>().unwrap();
    assert!(message.contains(" refused: "), "{message}");
}

#[test]
fn runs_count_what_was_accepted() {
    let examples = vec!["12".to_string(), "250".to_string()];
    let stats = Fuzz::new("u8", &examples, "0123456789")
        .cases(2_000)
        .run(|text| match text.parse::<u8>() {
            Ok(n) if n.to_string() == text.trim_start_matches(['+', '0']) || n == 0 => {
                Ok(Verdict::Accepted)
            }
            Ok(n) => Err(format!("{text:?} read as {n}")),
            Err(e) => fuzz::rejected(&e),
        });
    assert_eq!(stats.cases, 2_000);
    assert!((100..1_900).contains(&stats.accepted), "{stats:?}");
}

#[test]
fn rejections_need_a_clear_message() {
    assert_eq!(fuzz::rejected(&"bad square 'z9'"), Ok(Verdict::Rejected));
    assert!(fuzz::rejected(&"").is_err());
    assert!(fuzz::rejected(&" \n").is_err());
    let dumped = format!("bad: {:?}", "x".parse::<u32>().unwrap_err());
    assert!(fuzz::rejected(&dumped).is_err(), "{dumped}");
}

#[test]
fn positions_inside_the_input() {
    assert!(fuzz::column_within("abc", 1).is_ok());
    assert!(fuzz::column_within("abc", 4).is_ok());
    assert!(fuzz::column_within("abc", 5).is_err());
    assert!(fuzz::column_within("", 0).is_err());
    assert!(fuzz::column_within("é", 2).is_ok());
    assert!(fuzz::within("ab\ncdef\n", 2, 5).is_ok());
    assert!(fuzz::within("ab\ncdef\n", 1, 4).is_err());
    assert!(fuzz::within("ab\ncdef\n", 3, 1).is_ok());
    assert!(fuzz::within("ab\ncdef\n", 4, 1).is_err());
    assert!(fuzz::within("ab", 0, 1).is_err());
}
