//! The deliberately simple brute force the core test files share.

use rummykit_core::{Card, Face, Meld, MeldKind, MeldRules};

/// Every way to arrange `faces` (a subset of a hand) as a valid meld, found naively:
/// a group with its naturals sorted, then its jokers, and a run for every start
/// value from -12 to 14, naturals put where their number belongs, jokers in the gaps.
pub fn arrangements(faces: &[Card], rules: &MeldRules) -> Vec<(MeldKind, Vec<Card>)> {
    let mut out = Vec::new();
    let mut group: Vec<Card> = faces.iter().copied().filter(|f| !f.is_joker()).collect();
    group.sort();
    group.extend(faces.iter().copied().filter(|f| f.is_joker()));
    if Meld::new(MeldKind::Group, &group, rules).is_ok() {
        out.push((MeldKind::Group, group));
    }
    let len = faces.len() as i16;
    for start in -12i16..=14 {
        let mut slots: Vec<Option<Card>> = vec![None; faces.len()];
        let mut ok = true;
        for &f in faces.iter().filter(|f| !f.is_joker()) {
            let n = f.number().unwrap() as i16;
            let pos = (0..len).find(|&k| {
                let v = start + k;
                v == n || (v - 1).rem_euclid(13) + 1 == n
            });
            match pos {
                Some(k) if slots[k as usize].is_none() => slots[k as usize] = Some(f),
                _ => ok = false,
            }
        }
        if !ok {
            continue;
        }
        let run: Vec<Card> = slots.into_iter().map(|s| s.unwrap_or(Card::JOKER)).collect();
        if Meld::new(MeldKind::Run, &run, rules).is_ok() && !out.contains(&(MeldKind::Run, run.clone())) {
            out.push((MeldKind::Run, run));
        }
    }
    out
}
