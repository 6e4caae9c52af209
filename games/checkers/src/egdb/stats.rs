//! Statistics of a material class (positions, wins, losses and draws for the side to move,
//! Black), kept in each file's header and printed as a markdown table.

use super::material::Material;

/// The counts of one class, Black to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassStats {
    /// The class.
    pub material: Material,
    /// Positions (indices whose men overlap are not counted).
    pub positions: u64,
    /// Positions the side to move wins.
    pub wins: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// Drawn positions.
    pub draws: u64,
}

/// The markdown table of `stats` (in the given order) with a total line per piece count
/// and a grand total.
pub fn markdown(stats: &[ClassStats]) -> String {
    let mut out = String::from(
        "| pieces | class (Black to move) | positions | wins | losses | draws |\n\
         |---:|:---|---:|---:|---:|---:|\n",
    );
    let line = |out: &mut String, pieces: &str, name: &str, s: [u64; 4]| {
        out.push_str(&format!(
            "| {pieces} | {name} | {} | {} | {} | {} |\n",
            group(s[0]),
            group(s[1]),
            group(s[2]),
            group(s[3])
        ));
    };
    let mut grand = [0u64; 4];
    let mut i = 0;
    while i < stats.len() {
        let n = stats[i].material.pieces();
        let mut sum = [0u64; 4];
        while i < stats.len() && stats[i].material.pieces() == n {
            let s = &stats[i];
            let row = [s.positions, s.wins, s.losses, s.draws];
            line(&mut out, &n.to_string(), &s.material.to_string(), row);
            for k in 0..4 {
                sum[k] += row[k];
            }
            i += 1;
        }
        line(&mut out, &n.to_string(), "**all**", sum);
        for k in 0..4 {
            grand[k] += sum[k];
        }
    }
    line(&mut out, "", "**total**", grand);
    out
}

/// `1234567` as `1,234,567`.
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
        assert_eq!(group(1234567), "1,234,567");
    }
}
