//! The legal lists against the check and brute force, and the counts and bounds
//! against their general formulas.

use rummykit_core::{Card, Face, Game, MeldKind, MeldTable, PieceId, PieceSet, RunEnd, for_each_face_meld};

use crate::turn::Turn;
use crate::{Action, OpeningScope, Phase, Rummy40, rank_value};

use super::batch::{
    Copies, MAX_BATCH, Scratch, batch_count, batch_count_general, decode_batch, expand, nth_batch, sort_keys,
};
use super::combos::{combos, combos_by};
use super::faces::{
    FaceBits, Held, any_meldable, face_counts, face_counts_in, meldable_at, meldable_faces, meldable_of,
};
use super::opening::{held_twice, max_value, may_go_rummy, opening_bound, packing_reaches};
use super::table::{MeldFaces, Reach, TableFaces};
use super::{LegalActions, NATURALS, ValuedMeld, hand_len, no_hand_of_a_game};

/// The value of the best disjoint melds of `faces` under `rules`, by the full walk (the
/// reference the packing bound is held to).
fn best_melds(faces: &[Card], rules: &rummykit_core::MeldRules) -> u32 {
    let (counts, held, _) = face_counts(faces);
    let mut fms = Vec::new();
    let bits = FaceBits::of(faces);
    for_each_face_meld(bits.naturals, bits.jokers, rules, |m| fms.push(ValuedMeld::of(m)));
    let mut best = 0;
    let supply = (counts, held, Copies::of(&counts));
    combos(&fms, fms.len(), supply, &[], true, &mut Vec::new(), &mut |_, _, value, _, _| {
        best = best.max(value);
    });
    best
}

/// The batch count by bit operations is the general formula's, for every multiset of
/// melds of random hands of both packs (fourteen cards with up to four jokers), with
/// no card required and with each face of the hand required.
#[test]
fn batch_counts_by_bits_are_the_general_formulas() {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let (mut multisets, mut required) = (0, 0);
    for hand_no in 0..400 {
        let config = if hand_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        let catalog = config.catalog().unwrap();
        let mut pack: Vec<Card> =
            (0..catalog.len()).filter_map(|i| catalog.face(PieceId::new(i as u8)?)).collect();
        pack.shuffle(&mut rng);
        // Hands rich in melds: a few cards drawn from a short stretch of the pack.
        pack.sort_by_key(|f| if hand_no % 3 == 0 { f.index() % 13 } else { f.index() / 13 });
        let start = hand_no % (pack.len() - 14);
        let faces = &pack[start..start + 14];
        let (counts, held, _) = face_counts(faces);
        let copies = Copies::of(&counts);
        let rules = config.meld_rules();
        let mut fms = Vec::new();
        let bits = FaceBits::of(faces);
        for_each_face_meld(bits.naturals, bits.jokers, &rules, |m| fms.push(ValuedMeld::of(m)));
        let supply = (counts, held, copies);
        combos(&fms, fms.len(), supply, &[], true, &mut Vec::new(), &mut |chosen, _, _, _, _| {
            multisets += 1;
            assert_eq!(
                batch_count(&fms, chosen, &counts, copies, None),
                batch_count_general(&fms, chosen, &counts, None),
                "{faces:?} {chosen:?}"
            );
            let mut present = held;
            while present != 0 {
                let f = present.trailing_zeros() as u8;
                present &= present - 1;
                required += 1;
                assert_eq!(
                    batch_count(&fms, chosen, &counts, copies, Some(f)),
                    batch_count_general(&fms, chosen, &counts, Some(f)),
                    "{faces:?} {chosen:?} {f}"
                );
            }
        });
    }
    assert!(multisets > 10_000 && required > 100_000, "{multisets} multisets, {required} with a card");
}

/// The `k`-th batch made from the choices ([`nth_batch`]) is the `k`-th of every
/// assignment expanded, sorted and deduplicated ([`expand`], [`sort_keys`]), for every
/// `k`, for every multiset of at most four melds of random hands of both packs (by
/// identity, up to four jokers), with no card required and with each card required;
/// and it declines only a multiset with a meld repeated.
#[test]
fn the_nth_batch_from_the_choices_is_the_sorted_expansions() {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
    let (mut asked, mut several, mut shared, mut joker_melds, mut repeated) = (0, 0, 0, 0, 0);
    let (mut arena, mut keys, mut scratch, mut out) =
        (Vec::new(), Vec::new(), Scratch::default(), Vec::new());
    for hand_no in 0..24 {
        let config = if hand_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        let catalog = config.catalog().unwrap();
        let mut ids: Vec<PieceId> = (0..catalog.len()).filter_map(|i| PieceId::new(i as u8)).collect();
        ids.shuffle(&mut rng);
        // Hands rich in melds: a few cards drawn from a short stretch of the pack.
        let key = |id: &PieceId| catalog.face(*id).map_or(0, |f| f.index());
        ids.sort_by_key(|id| if hand_no % 3 == 0 { key(id) % 13 } else { key(id) / 13 });
        let start = hand_no % (ids.len() - 14);
        let cards: PieceSet = ids[start..start + 14].iter().copied().collect();
        let faces: Vec<Card> = cards.iter().filter_map(|id| catalog.face(id)).collect();
        let by_face = super::faces::ids_by_face(catalog, cards);
        let (counts, held, _) = face_counts(&faces);
        let mut fms = Vec::new();
        let bits = FaceBits::of(&faces);
        for_each_face_meld(bits.naturals, bits.jokers, &config.meld_rules(), |m| fms.push(ValuedMeld::of(m)));
        let supply = (counts, held, Copies::of(&counts));
        combos(&fms, fms.len(), supply, &[], true, &mut Vec::new(), &mut |chosen, used, _, _, _| {
            if chosen.len() > MAX_BATCH || used > 13 {
                return;
            }
            let melds: Vec<&ValuedMeld> = chosen.iter().map(|&i| &fms[i]).collect();
            let again = chosen.windows(2).any(|w| w[0] == w[1]);
            // (A card of a face no meld needs is in no batch.)
            let needed = melds.iter().fold(0, |bits, m| bits | m.mask);
            let in_some = |id: &PieceId| catalog.face(*id).is_some_and(|f| needed & 1u64 << f.index() != 0);
            for required in core::iter::once(None).chain(cards.iter().filter(in_some).map(Some)) {
                arena.clear();
                keys.clear();
                expand(&melds, &by_face, required, &mut arena, &mut keys, &mut scratch);
                sort_keys(&arena, &mut keys);
                let count = keys.len() as u32;
                for (k, key) in keys.iter().enumerate() {
                    let direct = nth_batch(&melds, catalog, cards, required, (k, count), &mut out);
                    if again {
                        assert_eq!(direct, None, "{melds:?}");
                        repeated += 1;
                        continue;
                    }
                    let direct = direct.unwrap_or_else(|| panic!("{melds:?} {required:?} {k}"));
                    assert_eq!(
                        decode_batch(&direct),
                        decode_batch(&arena[key.clone()]),
                        "{melds:?} {required:?} {k}"
                    );
                    // Byte for byte too (the room past the key 0): both keys come from
                    // one encoder, and release builds compare nothing.
                    let (made, rest) = direct.split_at(key.len());
                    assert_eq!(made, &arena[key.clone()], "{melds:?} {required:?} {k}");
                    assert!(rest.iter().all(|&b| b == 0), "{melds:?} {required:?} {k}");
                    asked += 1;
                    several += usize::from(count > 1);
                    shared += usize::from(
                        melds
                            .iter()
                            .enumerate()
                            .any(|(i, m)| melds[..i].iter().any(|b| b.mask & m.mask & NATURALS != 0)),
                    );
                    joker_melds += usize::from(melds.iter().filter(|m| m.jokers > 0).count() > 1);
                }
            }
        });
    }
    assert!(
        asked > 100_000 && several > 50_000 && shared > 20_000 && joker_melds > 10_000 && repeated > 1_000,
        "{asked} batches, {several} of groups of several, {shared} with a face in two melds, \
         {joker_melds} with jokers in two melds, {repeated} with a meld repeated"
    );
}

/// The walk over multisets by bits ([`MeldBits`]) visits what the scan of every later
/// meld visits, in the same order, with the same arguments: random hands rich in
/// melds (up to four jokers), every multiset, or only those from a few root melds,
/// skipping on stuck faces or not.
#[test]
fn the_walk_by_bits_is_the_scans_walk() {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    type Visited = Vec<(Vec<usize>, usize, u32, Vec<u8>, bool)>;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
    let (mut walks, mut by_bits, mut nodes) = (0, 0, 0);
    for hand_no in 0..600 {
        let config = if hand_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        let catalog = config.catalog().unwrap();
        let mut pack: Vec<Card> =
            (0..catalog.len()).filter_map(|i| catalog.face(PieceId::new(i as u8)?)).collect();
        pack.shuffle(&mut rng);
        pack.sort_by_key(|f| if hand_no % 3 == 0 { f.index() % 13 } else { f.index() / 13 });
        let start = rng.random_range(0..pack.len() - 14);
        let faces = &pack[start..start + 14];
        let (counts, held, _) = face_counts(faces);
        let supply = (counts, held, Copies::of(&counts));
        let mut fms = Vec::new();
        let bits = FaceBits::of(faces);
        for_each_face_meld(bits.naturals, bits.jokers, &config.meld_rules(), |m| fms.push(ValuedMeld::of(m)));
        if fms.is_empty() {
            continue;
        }
        let roots = if hand_no % 4 == 0 { rng.random_range(1..=fms.len()) } else { fms.len() };
        // Stuck faces: a few random faces of the hand from each place on.
        let stuck: Vec<u64> = if hand_no % 5 < 2 {
            Vec::new()
        } else {
            let loose = faces.iter().fold(0u64, |b, f| b | 1u64 << f.index()) & rng.random::<u64>();
            (0..fms.len()).map(|i| loose >> (i % 7)).collect()
        };
        let every = hand_no % 2 == 1;
        let walk = |bits_from: usize| {
            let mut seen: Visited = Vec::new();
            let mut visit = |chosen: &[usize], used: usize, value: u32, rest: &[u8; 53], alive: bool| {
                seen.push((chosen.to_vec(), used, value, rest.to_vec(), alive));
            };
            combos_by(&fms, roots, supply, (&stuck, every), bits_from, &mut Vec::new(), &mut visit);
            seen
        };
        let scanned = walk(usize::MAX);
        assert_eq!(walk(0), scanned, "{faces:?}, {roots} roots");
        walks += 1;
        by_bits += usize::from(fms.len() <= 128);
        nodes += scanned.len();
    }
    assert!(
        walks > 500 && by_bits > 400 && nodes > 50_000,
        "{walks} walks, {by_bits} by bits, {nodes} nodes"
    );
}

/// The table of a card's most toward an opening is its rank value (the ace 11, the
/// court cards 10), and a joker's the most of any card.
#[test]
fn a_cards_most_is_its_rank_value() {
    for i in 0..53u8 {
        let face = Card::from_index(i).unwrap();
        assert_eq!(max_value(i), face.number().map_or(11, rank_value), "{face:?}");
    }
    assert_eq!(max_value(53), 0);
}

/// The faces a table's reach takes, decided per table meld ([`Reach::fitting`]), are
/// those [`Reach::fits`] takes one by one: the tables of random hands leaning towards
/// the table (both presets, the ace low or not), each asked with the mover's hand and
/// with random cards of the pack, zero to four jokers among them.
#[test]
fn the_faces_a_reach_takes_at_once_are_those_it_takes_one_by_one() {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    use rummykit_core::Seating;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
    let (mut asked, mut runs, mut fitting) = (0, 0, 0);
    for game_no in 0..40 {
        let mut config = if game_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        config.ace_low_in_runs = game_no % 4 < 2;
        let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        let pack: Vec<Card> = (0..53u8).filter_map(Card::from_index).flat_map(|f| [f, f]).collect();
        let mut legal = Vec::new();
        while let Some(seat) = g.to_move() {
            let reach = Reach::of(g.table());
            runs += reach.run_count;
            let hand: Vec<Card> = g.hand(seat).unwrap().iter().filter_map(|p| g.face(p)).collect();
            let mut random = pack.clone();
            random.shuffle(&mut rng);
            random.truncate(rng.random_range(0..16));
            for faces in [hand, random] {
                let (counts, _, _) = face_counts(&faces);
                let took = reach.fitting(&counts, u64::MAX);
                for i in 0..53u8 {
                    let face = Card::from_index(i).unwrap();
                    assert_eq!(
                        took & 1u64 << i != 0,
                        reach.fits(face, &counts),
                        "{face:?} {faces:?} {reach:?}"
                    );
                    asked += 1;
                    fitting += usize::from(took & 1u64 << i != 0);
                }
                assert_eq!(took & !(1u64 << 52 | NATURALS), 0);
                assert_eq!(took & !reach.ever, 0, "{faces:?} {reach:?}");
            }
            g.legal_actions(&mut legal);
            let a = crate::action::leaning_to_play(&legal, &mut rng, 0.7);
            g.apply(seat, a).unwrap();
        }
    }
    assert!(runs > 5_000 && fitting > asked / 10, "{asked} asked, {fitting} fit, {runs} runs");
}

/// A table with more runs than a [`Reach`] keeps (17 runs of three, both copies of
/// the pack) makes it crowded: every natural is then taken to fit, as the plain rule
/// one face at a time says, the joker too (the runs have room), and all among the
/// faces it could ever take. A bound made looser, never tighter.
#[test]
fn a_table_of_more_runs_than_a_reach_keeps_takes_every_natural() {
    let config = crate::Config::RUMMY40;
    let (pack, rules) = (config.pack(), config.meld_rules());
    let mut table = MeldTable::<Card>::new();
    let mut runs = 0;
    for copy in 0..2u8 {
        for suit in 0..4u8 {
            for start in [2u8, 5, 8, 11] {
                if runs == 17 {
                    break;
                }
                let ids: Vec<PieceId> = (start..start + 3)
                    .map(|n| {
                        let face = Card::from_index(suit * 13 + n - 1).unwrap();
                        pack.ids_of(face).nth(usize::from(copy)).unwrap()
                    })
                    .collect();
                table.place(0, MeldKind::Run, &ids, &pack, &rules).unwrap();
                runs += 1;
            }
        }
    }
    let reach = Reach::of(&table);
    let counts = [0u8; 53];
    let took = reach.fitting(&counts, u64::MAX);
    assert_eq!(took, NATURALS | 1u64 << 52, "{reach:?}");
    for i in 0..53u8 {
        assert!(reach.fits(Card::from_index(i).unwrap(), &counts), "{i}");
    }
    assert_eq!(took & !reach.ever, 0, "{reach:?}");
}

/// What a list keeps from one table to the next (what each table meld offers, the
/// table's reach for rummies) is never read for another table: one list filled for
/// the states of several games in turn, so that every fill finds what the previous
/// game's table left, lists and draws what a list with nothing kept does.
#[test]
fn what_a_list_keeps_serves_only_its_table() {
    use rand::SeedableRng;
    use rummykit_core::Seating;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let mut shared = LegalActions::new();
    let (mut states, mut kept) = (0, 0);
    for round in 0..8 {
        let config = if round % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        let mut games: Vec<Rummy40> =
            (0..3).map(|_| Rummy40::deal(&config, Seating::new(3), &mut rng).unwrap()).collect();
        let mut live = games.len();
        while live > 0 {
            live = 0;
            for g in &mut games {
                let Some(seat) = g.to_move() else { continue };
                live += 1;
                let view = g.view(seat);
                kept += usize::from(shared.reach.is_some() || shared.table_faces.key.is_some());
                let mut fresh = LegalActions::new();
                fresh.table_faces = TableFaces::default();
                fresh.reach = None;
                shared.fill(&view);
                fresh.fill(&view);
                // A reach kept under this table's stamp is this table's.
                if let Some((stamp, reach)) = shared.reach
                    && stamp == view.table.stamp()
                {
                    assert_eq!(reach, Reach::of(&view.table), "{g:?}");
                }
                assert_eq!(shared.len(), fresh.len(), "{g:?}");
                for k in 0..fresh.len() {
                    assert_eq!(shared.get(k), fresh.get(k));
                }
                shared.fill_for_draw(&view);
                fresh.table_faces = TableFaces::default();
                fresh.reach = None;
                fresh.fill_for_draw(&view);
                assert_eq!(shared.draw_len(), fresh.draw_len(), "{g:?}");
                for k in 0..fresh.draw_len() {
                    assert_eq!(shared.draw_nth(k), fresh.draw_nth(k));
                }
                states += 1;
                let mut legal = Vec::new();
                view.legal_actions(&mut legal);
                // Towards melds and builds, so that tables grow and differ.
                let a = crate::action::leaning_to_play(&legal, &mut rng, 0.6);
                g.apply(seat, a).unwrap();
            }
        }
    }
    assert!(states > 2_000 && kept > 1_000, "{states} states, {kept} with something kept");
}

/// What a table's cache keeps of a meld across table changes is what it would make
/// anew for the table as it is, and every verdict of a build it keeps is the
/// validator's: on every state of three random games at a time sharing one cache (one
/// game played on for a while, then another: the same meld ids on different tables),
/// under both presets and the ace low.
#[test]
fn kept_table_entries_are_the_tables_own() {
    use rand::{RngExt, SeedableRng};
    use rummykit_core::Seating;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
    let (mut cache, mut fits) = (TableFaces::default(), Vec::new());
    let (mut states, mut kept, mut verdicts) = (0, 0, 0);
    let all_faces = (1u64 << 53) - 1;
    for round in 0..8 {
        let mut config = if round % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        config.ace_low_in_runs = round % 4 < 2;
        let mut games: Vec<Rummy40> =
            (0..3).map(|_| Rummy40::deal(&config, Seating::new(3), &mut rng).unwrap()).collect();
        let mut at = 0;
        while games.iter().any(|g| g.to_move().is_some()) {
            if rng.random_bool(0.1) || games[at].to_move().is_none() {
                at = rng.random_range(0..games.len());
            }
            let g = &mut games[at];
            let Some(seat) = g.to_move() else { continue };
            let pos = g.turn();
            let before: Vec<_> = cache.melds.iter().map(|m| (m.meld, m.faces)).collect();
            let changed = cache.key.is_some_and(|k| k.0 != g.table().stamp());
            // Every face asked, so that every verdict is made and kept.
            pos.table_fits(all_faces, &mut fits, &mut cache);
            let mut fresh = TableFaces::default();
            pos.table_faces(&mut fresh, false);
            let shape = |m: &MeldFaces| {
                (m.at, m.meld, m.faces, m.swap_gate, m.swappable, m.try_front, m.try_back, m.group)
            };
            assert_eq!(cache.joker_sets, fresh.joker_sets);
            assert_eq!(cache.melds.len(), fresh.melds.len(), "{g:?}");
            for (mf, new) in cache.melds.iter().zip(&fresh.melds) {
                assert_eq!(shape(mf), shape(new), "{g:?}");
                // Every face tried: a meld still offers what fits and what a swap takes.
                assert_eq!(mf.offers, mf.ok_front | mf.ok_back | mf.swappable, "{g:?}");
                assert_eq!(new.offers, new.try_front | new.try_back | new.swappable, "{g:?}");
                let m = &g.table().melds()[mf.at];
                for (end, tried, ok) in
                    [(RunEnd::Front, mf.tried_front, mf.ok_front), (RunEnd::Back, mf.tried_back, mf.ok_back)]
                {
                    for i in (0..53u8).filter(|&i| tried & 1u64 << i != 0) {
                        let face = Card::from_index(i).unwrap();
                        let fits = m.extended(face, end, &pos.rules).is_ok();
                        assert_eq!(ok & 1u64 << i != 0, fits, "{face:?} at {end:?} of {m:?}");
                        verdicts += 1;
                    }
                }
                kept += usize::from(changed && before.contains(&(mf.meld, mf.faces)));
            }
            states += 1;
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            // Towards melds and builds, so that tables grow and differ.
            let a = crate::action::leaning_to_play(&legal, &mut rng, 0.6);
            g.apply(seat, a).unwrap();
        }
    }
    assert!(states > 2_000 && kept > 1_000 && verdicts > 20_000, "{states} states, {kept} kept, {verdicts}");
}

/// [`Turn::any_meld_with`], which tries one choice of copies per meld by faces before
/// listing them all, answers as every choice listed at once: for each card of the
/// mover's hand and the top discard at every state of random hands (jokers, twins),
/// under predicates that accept every meld, none, only runs, only melds without one
/// given card, and only melds with a second copy or another joker than the lowest
/// held (the first choice refused, another found).
#[test]
fn a_meld_with_a_card_is_found_as_the_full_listing_finds_it() {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rummykit_core::Seating;
    // Every choice of copies of every meld by faces with the card: the simple way.
    let listed = |pos: &Turn<'_>, card: PieceId, f: &mut dyn FnMut(MeldKind, &[PieceId]) -> bool| {
        let face = pos.face(card).unwrap();
        let by_face = pos.ids_by_face(pos.hand);
        let (mut arena, mut keys, mut scratch) = (Vec::new(), Vec::new(), Scratch::default());
        pos.face_melds(pos.hand).iter().filter(|fm| fm.faces().contains(&face)).any(|fm| {
            arena.clear();
            keys.clear();
            expand(&[fm], &by_face, Some(card), &mut arena, &mut keys, &mut scratch);
            keys.iter().any(|key| {
                let bytes = &arena[key.clone()];
                let kind = if bytes[0] == 2 { MeldKind::Group } else { MeldKind::Run };
                let pieces: Vec<PieceId> = bytes[1..]
                    .iter()
                    .take_while(|&&b| b >= 2)
                    .map(|&b| PieceId::new(b - 2).unwrap())
                    .collect();
                f(kind, &pieces)
            })
        })
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(47);
    let mut legal = Vec::new();
    let (mut asked, mut found, mut later) = (0, 0, 0);
    for game_no in 0..40 {
        let config = if game_no % 2 == 0 { crate::Config::SCALA40 } else { crate::Config::RUMMY40 };
        let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        while let Some(seat) = g.to_move() {
            let top = g.piles().top_discard();
            let mut pos = g.turn();
            let cards: Vec<PieceId> = pos.hand.iter().collect();
            for &card in cards.iter().chain(top.iter()) {
                pos.hand = g.hand(seat).unwrap();
                pos.hand.insert(card);
                let without = *cards.choose(&mut rng).unwrap();
                let mut first = None;
                // The lowest copy held of each face.
                let lowest = |p: PieceId| {
                    pos.catalog.ids_of(pos.face(p).unwrap()).find(|&id| pos.hand.contains(id)) == Some(p)
                };
                for rule in 0..5 {
                    let mut f = |kind: MeldKind, pieces: &[PieceId]| match rule {
                        0 => true,
                        1 => false,
                        2 => kind == MeldKind::Run,
                        3 => !pieces.contains(&without),
                        // Only with a second copy or another joker: never the first choice.
                        _ => !pieces.iter().all(|&p| lowest(p)),
                    };
                    let fast = pos.any_meld_with(card, &mut f);
                    assert_eq!(fast, listed(&pos, card, &mut f), "rule {rule}, {card:?} in {:?}", pos.hand);
                    first = first.or(Some(fast));
                    later += usize::from(rule == 4 && fast);
                }
                asked += 1;
                found += usize::from(first == Some(true));
            }
            g.legal_actions(&mut legal);
            let a = crate::action::leaning_to_play(&legal, &mut rng, 0.5);
            g.apply(seat, a).unwrap();
        }
    }
    assert!(
        asked > 40_000 && found > 5_000 && later > 1_000,
        "{asked} asked, {found} in a meld, {later} only with other copies"
    );
}

/// The play of a taken card as [`Turn::play_of_taken`] decides it is the check's
/// verdict on the take, under the rule that a taken discard must be played this turn;
/// both verdicts are reached often (and the check is left the rest). On the draw
/// decisions of opened players in random Scala 40 hands that favour melds and builds.
#[test]
fn a_taken_cards_play_decided_early_is_the_checks_verdict() {
    use rand::SeedableRng;
    use rummykit_core::Seating;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
    let mut decided = [0usize; 3];
    let (mut fits, mut cache) = (Vec::new(), TableFaces::default());
    // (Enough hands that the check still decides some: most takes are decided early.)
    for hand_no in 0..150 {
        let mut config = crate::Config::SCALA40;
        config.ace_low_in_runs = hand_no % 2 == 0;
        let mut g = Rummy40::deal(&config, Seating::new(2 + hand_no % 3), &mut rng).unwrap();
        while let Some(seat) = g.to_move() {
            let pos = g.turn();
            if pos.phase == Phase::Draw
                && pos.opened
                && let Some(top) = pos.top_discard
            {
                let accepted = pos.check(&Action::TakeDiscard).is_ok();
                let play = pos.play_of_taken(top, &mut fits, &mut cache);
                // (With the first rule of the take's guard, asked apart as the list does.)
                if let Some(play) = play {
                    assert_eq!(play && pos.take_leaves_discard(top, pos.hand), accepted, "{g:?}");
                }
                decided[play.map_or(2, usize::from)] += 1;
            }
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            let a = crate::action::leaning_to_play(&legal, &mut rng, 0.6);
            g.apply(seat, a).unwrap();
        }
    }
    let [no_play, play, undecided] = decided;
    assert!(no_play > 500 && play > 30 && undecided > 30, "{decided:?}");
}

/// A list made after another was dropped gets that list's buffers back (the same
/// capacity) and nothing of its contents: empty, and filled, the same actions as a
/// list that cannot have come from the spare (made while the first is alive). On the
/// reachable states of random play under both presets.
#[test]
fn a_list_after_a_drop_reuses_its_buffers_and_nothing_else() {
    use rand::{RngExt, SeedableRng};
    use rummykit_core::Seating;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let mut states = 0;
    for game_no in 0..12 {
        let config = if game_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        while let Some(seat) = g.to_move() {
            let view = g.view(seat);
            let mut full = LegalActions::new();
            full.fill(&view);
            assert!(!full.is_empty());
            let capacity = (full.items.capacity(), full.arena.capacity(), full.keys.capacity());
            drop(full);
            let reused = LegalActions::new();
            assert!(reused.is_empty() && reused.get(0).is_none());
            assert!(reused.arena.is_empty() && reused.keys.is_empty() && reused.others.is_empty());
            assert_eq!((reused.items.capacity(), reused.arena.capacity(), reused.keys.capacity()), capacity);
            let mut fresh = LegalActions::new();
            let mut reused = reused;
            reused.fill(&view);
            fresh.fill(&view);
            assert_eq!(reused.len(), fresh.len());
            for k in 0..reused.len() {
                assert_eq!(reused.get(k), fresh.get(k), "game {game_no}, action {k}");
            }
            let action = reused.get(rng.random_range(0..reused.len())).unwrap();
            g.apply(seat, action).unwrap();
            states += 1;
        }
    }
    assert!(states > 1_000, "{states} states");
}

/// The random draw's list ([`LegalActions::fill_for_draw`]) stands for exactly the
/// actions of the full list, each once: `draw_nth(k)` for every `k` below
/// `draw_len()` gives every legal action, none twice, none else; so a uniform `k`
/// draws uniformly from the legal actions. On the reachable states of play that
/// favours melding, under every option that changes what is legal (jokers limited,
/// the ace low, the options that oblige plays, discards restricted). The draws decided
/// without the list ([`LegalActions::short_draws`]: an opened mover's, and an unopened
/// mover's that may only draw from the stock) are the list's, and so are an opened
/// mover's discards decided without it ([`LegalActions::short_discards`], asked before
/// the list is filled, on the verdicts the list kept of earlier tables).
#[test]
fn the_draws_list_stands_for_each_legal_action_once() {
    use std::collections::HashSet;

    use rand::SeedableRng;
    use rummykit_core::{JokerLimit, Seating};

    use crate::{Config, JokerDiscard, Set3JokerSwap};
    let mut configs = vec![Config::RUMMY40, Config::SCALA40];
    let mut c = Config::RUMMY40;
    c.joker_limit = JokerLimit::NotMoreThanNaturals;
    c.forbid_playable_discard = true;
    c.ace_low_in_runs = true;
    configs.push(c);
    let mut c = Config::SCALA40;
    c.joker_limit = JokerLimit::NoAdjacent;
    c.set3_joker_swap = Set3JokerSwap::EitherMissing;
    c.opening_threshold_scope = OpeningScope::OnlyWhenTakingDiscard;
    configs.push(c);
    let mut c = Config::RUMMY40;
    c.swapped_joker_must_be_played_same_turn = true;
    c.taken_discard_must_be_used_after_open = true;
    c.joker_discard = JokerDiscard::OnlyWhenClosing;
    c.opening_threshold = 25;
    configs.push(c);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let mut full = Vec::new();
    let mut draws = LegalActions::new();
    let (mut states, mut batches, mut shared) = (0usize, 0usize, 0usize);
    let (mut opened_draws, mut takes, mut unopened_draws) = (0usize, 0usize, 0usize);
    let (mut short_discards, mut kept_back) = (0usize, 0usize);
    for game_no in 0..300 {
        let config = configs[game_no % configs.len()];
        let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        for _ in 0..500 {
            let Some(seat) = g.to_move() else { break };
            let view = g.view(seat);
            view.legal_actions(&mut full);
            // (The plays a short way decides are read before the list is filled over them.)
            let discards = draws.short_discards(&view).map(|(allowed, count, plays)| {
                (allowed, count, (0..plays).map(|k| draws.short_play(&view, k).unwrap()).collect::<Vec<_>>())
            });
            draws.fill_for_draw(&view);
            assert_eq!(draws.draw_len(), full.len(), "{config:?}, {g:?}");
            let drawn: Vec<Action> = (0..full.len()).map(|k| draws.draw_nth(k).unwrap()).collect();
            assert_eq!(draws.draw_nth(full.len()), None);
            let listed: HashSet<&Action> = full.iter().collect();
            let each: HashSet<&Action> = drawn.iter().collect();
            assert_eq!(each.len(), drawn.len(), "an action drawn for two k: {config:?}, {g:?}");
            assert_eq!(each, listed, "{config:?}, {g:?}");
            // The draws decided without the list: the same actions in the same order, so
            // that the same `k` draws the same action. Every opened mover's; an unopened
            // mover's only when the take is not among them.
            let short = draws.short_draws(&view);
            let opened = view.opened[seat];
            assert!(short.is_none() || view.phase == Phase::Draw, "{g:?}");
            assert!(short.is_some() || view.phase != Phase::Draw || !opened, "{g:?}");
            // (In the draw phase every action but the draw from the stock takes the top discard.)
            let takes_listed = full.iter().any(|a| *a != Action::DrawStock);
            if view.phase == Phase::Draw && !opened && !takes_listed {
                unopened_draws += usize::from(short.is_some());
            }
            if let Some([stock, take]) = short {
                let by_short: Vec<Action> = [(stock, Action::DrawStock), (take, Action::TakeDiscard)]
                    .into_iter()
                    .filter_map(|(on, a)| on.then_some(a))
                    .collect();
                assert_eq!(by_short, drawn, "{config:?}, {g:?}");
                opened_draws += usize::from(opened);
                takes += usize::from(take && opened);
            }
            // The play phases decided without the list: every action the list holds, in
            // its order (the builds and swaps, then the discards), only in a play phase.
            if let Some((allowed, count, plays)) = discards {
                assert!(view.phase == Phase::Play, "{g:?}");
                assert_eq!(count, allowed.len(), "{g:?}");
                let by_short: Vec<Action> =
                    plays.into_iter().chain(allowed.iter().map(Action::Discard)).collect();
                assert_eq!(by_short, drawn, "{config:?}, {g:?}");
                short_discards += 1;
                kept_back += usize::from(count < view.hand.len());
            }
            states += 1;
            batches += full
                .iter()
                .filter(|a| {
                    matches!(a, Action::Open { .. } | Action::TakeDiscardAndOpen { .. } | Action::Meld(_))
                })
                .count();
            shared += draws.groups.groups.iter().filter(|g| g.count > 1).count();
            // Play towards melds: a batch or a build when there is one, mostly.
            let a = crate::action::leaning_to_play(&full, &mut rng, 0.7);
            g.apply(seat, a).unwrap();
        }
    }
    assert!(
        states > 30_000 && batches > 12_000 && shared > 2_000,
        "{states} states, {batches} batches, {shared} groups of several"
    );
    assert!(
        opened_draws > 3_000 && takes > 1_000 && takes < opened_draws && unopened_draws > 1_000,
        "{opened_draws} opened draws, {takes} with a take, {unopened_draws} unopened draws without the list"
    );
    assert!(
        short_discards > 2_000 && kept_back > 200,
        "{short_discards} discards without the list, {kept_back} of them with a card kept back"
    );
}

/// A mover's discards decided without the list ([`LegalActions::short_discards`],
/// asked before the list is filled, as the random draw asks it) are every action of the
/// list, in its order, whenever they are decided: under the joker discard rules, the
/// ace low, the joker limits, the set-of-three swap rule, the opening scope and four
/// jokers; an opened mover's never under the options that oblige or
/// restrict plays (the list alone decides there), an unopened mover's under any. Random
/// play, every legal action alike, so that most play phases allow discards only; the
/// cards of the face taken this turn are left out as the list leaves them (RULES §3.3).
/// (A hand holding a joker is nearly always offered a place for it by the table, so
/// the jokers kept for the last card are left to the list.) The bounds an unopened
/// mover's short way hands over to the list are taken only for the same hand, table
/// and rules: the previous state's view is asked first, every time.
#[test]
fn rules_3_3_the_discards_decided_without_the_list_are_the_lists() {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rummykit_core::{JokerLimit, Seating};

    use crate::{Config, JokerDiscard, OpeningScope, Set3JokerSwap};
    let mut short_ways = vec![Config::RUMMY40];
    let mut c = Config::RUMMY40;
    c.joker_discard = JokerDiscard::OnlyWhenClosing;
    c.ace_low_in_runs = true;
    short_ways.push(c);
    let mut c = Config::RUMMY40;
    c.joker_discard = JokerDiscard::OnlyWhenClosing;
    c.joker_limit = JokerLimit::AtMost(1);
    short_ways.push(c);
    // The set-of-three swap and joker limits the short way reads, and four jokers, on a
    // Rummy 40 deal.
    let mut c = Config::RUMMY40;
    c.set3_joker_swap = Set3JokerSwap::EitherMissing;
    c.jokers = 4;
    short_ways.push(c);
    let mut c = Config::RUMMY40;
    c.joker_limit = JokerLimit::NotMoreThanNaturals;
    c.opening_threshold_scope = OpeningScope::OnlyWhenTakingDiscard;
    short_ways.push(c);
    let mut c = Config::RUMMY40;
    c.joker_limit = JokerLimit::NoAdjacent;
    c.set3_joker_swap = Set3JokerSwap::EitherMissing;
    short_ways.push(c);
    let mut c = Config::RUMMY40;
    c.forbid_playable_discard = true;
    let listed_only = [Config::SCALA40, c];
    let configs: Vec<(Config, bool)> =
        short_ways.iter().map(|&c| (c, true)).chain(listed_only.iter().map(|&c| (c, false))).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3_303);
    let mut full = Vec::new();
    let mut draws = LegalActions::new();
    let (mut decided, mut taken_kept, mut listed_plays) = (0usize, 0usize, 0usize);
    let (mut unopened_decided, mut unopened_listed) = (0usize, 0usize);
    let (mut with_plays, mut builds, mut swaps) = (0usize, 0usize, 0usize);
    let (mut counted, mut counted_swaps) = (0usize, 0usize);
    let mut last = None;
    for game_no in 0..400 {
        let (config, short_way) = configs[game_no % configs.len()];
        let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        for _ in 0..1_000 {
            let Some(seat) = g.to_move() else { break };
            let view = g.view(seat);
            view.legal_actions(&mut full);
            if let Some(previous) = &last {
                let _ = draws.short_discards(previous);
            }
            // (Builds are counted, not listed, until one is read: the plays read last
            // first, so that a swap listed after builds only counted is read before the
            // builds are listed; the draw's list test reads them in order.)
            let short = draws.short_discards(&view).map(|(allowed, count, plays)| {
                if let Some(pending) = draws.pending_plays.filter(|p| p.builds > 0) {
                    counted += 1;
                    counted_swaps += usize::from(plays > pending.builds);
                }
                let mut read: Vec<Action> =
                    (0..plays).rev().map(|k| draws.short_play(&view, k).unwrap()).collect();
                read.reverse();
                (allowed, count, read)
            });
            draws.fill_for_draw(&view);
            assert_eq!(draws.draw_len(), full.len(), "{config:?}, {g:?}");
            let drawn: Vec<Action> = (0..full.len()).map(|k| draws.draw_nth(k).unwrap()).collect();
            if view.phase == Phase::Play && !view.opened[seat] {
                unopened_decided += usize::from(short.is_some());
                unopened_listed += usize::from(short.is_none());
            }
            if let Some((allowed, count, plays)) = short {
                assert!(view.phase == Phase::Play && (short_way || !view.opened[seat]), "{config:?}, {g:?}");
                assert!(plays.is_empty() || view.opened[seat], "{config:?}, {g:?}");
                assert_eq!(count, allowed.len(), "{g:?}");
                builds += plays.iter().filter(|a| matches!(a, Action::LayOff { .. })).count();
                swaps += plays.iter().filter(|a| matches!(a, Action::SwapJoker { .. })).count();
                with_plays += usize::from(!plays.is_empty());
                let by_short: Vec<Action> =
                    plays.into_iter().chain(allowed.iter().map(Action::Discard)).collect();
                assert_eq!(by_short, drawn, "{config:?}, {g:?}");
                decided += 1;
                taken_kept += usize::from(view.taken_this_turn.is_some_and(|t| view.hand.contains(t)));
            } else if short_way
                && view.phase == Phase::Play
                && view.opened[seat]
                && drawn.iter().all(|a| matches!(a, Action::Discard(_)))
            {
                // Left to the list though it holds discards only: a pair of the hand
                // that a set of three with a joker might give up its joker for, which
                // the check refuses.
                listed_plays += 1;
            }
            let a = full.choose(&mut rng).unwrap().clone();
            g.apply(seat, a).unwrap();
            last = Some(view);
        }
    }
    assert!(
        unopened_decided > 2_000 && unopened_listed > 200,
        "unopened play phases: {unopened_decided} decided without the list, {unopened_listed} by it"
    );
    assert!(
        decided > 3_000 && taken_kept > 500 && decided > listed_plays,
        "{decided} decided without the list ({taken_kept} with the taken card kept), {listed_plays} of \
         discards only left to the list"
    );
    assert!(
        with_plays > 1_000 && builds > 2_000 && swaps > 50,
        "{with_plays} play phases with plays decided without the list: {builds} builds, {swaps} swaps"
    );
    assert!(
        counted > 5_000 && counted_swaps > 300,
        "{counted} play phases with builds counted before they were listed, {counted_swaps} with swaps"
    );
}

/// An opened mover's short way keeps the joker rule (§3.6 `joker_discard =
/// OnlyWhenClosing`: a joker only as the last card, or from a hand of jokers): a hand of
/// a joker and two naturals holds no meld, and the table (a set of four, a run holding
/// its one joker under a limit of one) takes none of its cards, so the short way answers; it
/// answers the list, in order, without the joker's discard. `Allowed` lists it, as the
/// list does. (Random games rarely reach it: a joker held with naturals of a hand
/// mostly makes a meld, which the short way leaves to the list.)
#[test]
fn rules_3_6_an_opened_movers_short_way_keeps_a_joker_until_the_last_card() {
    use rummykit_core::{JokerLimit, parse_list};

    use crate::{Config, JokerDiscard, Setup, SetupMeld};
    let joker = Card::JOKER;
    for (discard_rule, joker_listed) in
        [(JokerDiscard::OnlyWhenClosing, false), (JokerDiscard::Allowed, true)]
    {
        let mut config = Config::RUMMY40;
        config.joker_discard = discard_rule;
        config.joker_limit = JokerLimit::AtMost(1);
        let mut setup = Setup::new(vec![parse_list("5c 9h").unwrap(), parse_list("* 2c 7h").unwrap()]);
        setup.table = vec![
            SetupMeld::new(0, MeldKind::Group, parse_list("Kc Kd Kh Ks").unwrap()),
            SetupMeld::new(1, MeldKind::Run, parse_list("4d * 6d").unwrap()),
        ];
        setup.to_move = Some(1);
        setup.phase = Phase::Play;
        setup.fill_stock();
        let g = Rummy40::from_setup(&config, setup).unwrap();
        let view = g.view(1);
        assert!(view.opened[1] && view.hand.iter().any(|id| g.face(id) == Some(joker)));
        let mut full = Vec::new();
        view.legal_actions(&mut full);
        let mut draws = LegalActions::new();
        let (allowed, count, plays) = draws.short_discards(&view).expect("a hand the short way answers");
        assert_eq!((count, plays), (allowed.len(), 0), "{discard_rule:?}");
        let by_short: Vec<Action> = allowed.iter().map(Action::Discard).collect();
        assert_eq!(by_short, full, "{discard_rule:?}");
        let discards_joker =
            by_short.iter().any(|a| matches!(a, Action::Discard(id) if g.face(*id) == Some(joker)));
        assert_eq!(discards_joker, joker_listed, "{discard_rule:?}");
        assert_eq!(by_short.len(), 2 + usize::from(joker_listed), "{discard_rule:?}");
    }
}

/// The bounds an unopened mover's short way hands over to the list (its play phase, or
/// its take of the top discard, left to the list) are taken only by a list of the same
/// hand, card taken, table and rules, once: another hand, another threshold, another
/// table or the play phase's question for a take's answer asks them anew, and what is
/// taken is what the listing would have asked (`prospects_of`, as a count asks it).
#[test]
fn handed_bounds_are_taken_only_for_their_own_position() {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rummykit_core::Seating;

    use super::table::LazyReach;
    use crate::Config;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4_404);
    let mut draws = LegalActions::new();
    let mut full = Vec::new();
    let (mut handed, mut other_table, mut takes) = (0usize, 0usize, 0usize);
    for game_no in 0..40 {
        let config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
        let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        let mut earlier: Option<crate::View> = None;
        for _ in 0..1_000 {
            let Some(seat) = g.to_move() else { break };
            let view = g.view(seat);
            // A take's bounds handed over: taken only for the same card.
            if view.phase == Phase::Draw && !view.opened[seat] && draws.short_draws(&view).is_none() {
                let pos = view.turn().unwrap();
                let top = pos.top_discard.unwrap();
                let reach = LazyReach::kept(pos.table, None);
                let mut with = pos.hand;
                with.insert(top);
                let asked = pos.prospects_of(
                    None,
                    &pos.face_counts(with),
                    config.threshold_for(true),
                    Some(top),
                    &reach,
                );
                assert_eq!(draws.take_handed(&pos, None), None);
                draws.short_draws(&view);
                assert_eq!(draws.take_handed(&pos, Some(top)), Some(asked));
                assert_eq!(draws.take_handed(&pos, Some(top)), None);
                takes += 1;
            }
            if view.phase == Phase::Play && !view.opened[seat] && draws.short_discards(&view).is_none() {
                let pos = view.turn().unwrap();
                let reach = LazyReach::kept(pos.table, None);
                let asked = pos.prospects_of(
                    None,
                    &pos.face_counts(pos.hand),
                    config.threshold_for(false),
                    None,
                    &reach,
                );
                // Another hand (a card swapped for one the seat does not hold).
                let mut other = view.clone();
                let (gone, come) = (view.hand.first().unwrap(), g.piles().stock().first().copied().unwrap());
                other.hand.remove(gone);
                other.hand.insert(come);
                assert_eq!(draws.take_handed(&other.turn().unwrap(), None), None);
                // Taken once.
                draws.short_discards(&view);
                assert_eq!(draws.take_handed(&pos, None), Some(asked));
                assert_eq!(draws.take_handed(&pos, None), None);
                // Another threshold.
                draws.short_discards(&view);
                let mut other = view.clone();
                other.config.opening_threshold += 1;
                assert_eq!(draws.take_handed(&other.turn().unwrap(), None), None);
                // An earlier table (another stamp) with the same hand.
                if let Some(before) = earlier.as_ref().filter(|e| e.table.stamp() != view.table.stamp()) {
                    draws.short_discards(&view);
                    let mut other = view.clone();
                    other.common.table = before.table.clone();
                    assert_eq!(draws.take_handed(&other.turn().unwrap(), None), None);
                    other_table += 1;
                }
                handed += 1;
            }
            if earlier.is_none() {
                earlier = Some(view.clone());
            }
            view.legal_actions(&mut full);
            let a = full.choose(&mut rng).unwrap().clone();
            g.apply(seat, a).unwrap();
        }
    }
    assert!(
        handed > 100 && other_table > 50 && takes > 100,
        "{handed} handed, {other_table} against another table, {takes} takes"
    );
}

/// The melds built from the faces present ([`Turn::face_melds_of`]) are exactly
/// those of core's `hand_melds` by position ([`Turn::face_melds_by_position`]),
/// with the same values and needs, for random hands of the 4-joker pack under every
/// run rule and joker limit (a set's faces compared as a set: their order differs).
#[test]
fn face_melds_from_faces_agree_with_hand_melds() {
    use rand::{RngExt, SeedableRng};
    use rummykit_core::{AcePolicy, JokerLimit};
    let catalog = crate::SCALA40_PACK;
    let config = crate::Config::SCALA40;
    let table = MeldTable::new();
    let key = |fm: &ValuedMeld| {
        let mut faces = fm.faces().to_vec();
        if fm.kind() == MeldKind::Group {
            faces.sort();
        }
        let mut needs: Vec<_> = fm.needs().collect();
        needs.sort();
        (fm.kind(), faces, fm.value, needs)
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let aces = [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];
    let limits = [
        JokerLimit::Unlimited,
        JokerLimit::Forbidden,
        JokerLimit::AtMost(1),
        JokerLimit::NotMoreThanNaturals,
        JokerLimit::NoAdjacent,
    ];
    let mut melds = 0;
    for ace in aces {
        for jokers in limits {
            let rules = crate::MELD_RULES.with_ace(ace).with_jokers(jokers);
            for _ in 0..300 {
                // Hands of 1 to 20 cards; jokers and runs of one suit made likely.
                let n = rng.random_range(1..=20usize);
                let mut hand = PieceSet::new();
                while hand.len() < n {
                    let id = if rng.random_range(0..4) == 0 {
                        rng.random_range(104..108u8)
                    } else {
                        let suit = rng.random_range(0..2u8);
                        rng.random_range(0..13u8) + 13 * suit + 52 * rng.random_range(0..2u8)
                    };
                    hand.insert(PieceId::new(id).unwrap());
                }
                let pos = Turn {
                    config: &config,
                    catalog,
                    rules,
                    hand,
                    table: &table,
                    top_discard: None,
                    stock_len: 1,
                    opened: false,
                    phase: Phase::Play,
                    taken: None,
                    won_jokers: PieceSet::new(),
                };
                let faces = pos.with_faces(hand, <[Card]>::to_vec);
                let mut fast: Vec<_> = pos.face_melds_of(&faces).iter().map(key).collect();
                let mut slow: Vec<_> = pos.face_melds_by_position(&faces).iter().map(key).collect();
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "{ace:?} {jokers:?} {faces:?}");
                melds += slow.len();
            }
        }
    }
    assert!(melds > 10_000, "the hands hold melds: {melds}");
}

/// [`Held::meldable_faces`] marks exactly the faces held that [`Held::meldable`]
/// accepts, and so does [`meldable_faces`] by bit operations (and [`any_meldable`] says
/// whether it marks a natural), on random hands with zero to four jokers.
#[test]
fn meldable_faces_agree_with_meldable() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut marked = 0;
    let mut without_jokers = [0; 2];
    for _ in 0..20_000 {
        let n = rng.random_range(1..=16usize);
        let faces: Vec<Card> = (0..n)
            .map(|_| {
                if rng.random_range(0..8) == 0 {
                    Card::JOKER
                } else {
                    Card::from_index(rng.random_range(0..52u8)).unwrap()
                }
            })
            .collect();
        let held = Held::of_faces(faces.iter().copied());
        let bulk = held.meldable_faces();
        for &f in &faces {
            assert_eq!(bulk & 1u64 << f.index() != 0, held.meldable(f), "{f:?} in {faces:?}");
        }
        assert_eq!(meldable_faces(&faces), bulk, "{faces:?}");
        // The yes-or-no form: some natural may be in a meld.
        let bits = FaceBits::of(&faces);
        assert_eq!(any_meldable(bits.naturals, bits.jokers), bulk & NATURALS != 0, "{faces:?}");
        if !faces.contains(&Card::JOKER) {
            without_jokers[usize::from(bulk != 0)] += 1;
        }
        let held_bits = faces.iter().fold(0u64, |b, f| b | 1u64 << f.index());
        assert_eq!(bulk & !held_bits, 0, "only faces held: {faces:?}");
        marked += bulk.count_ones();
    }
    assert!(marked > 10_000, "hands hold meldable cards: {marked}");
    assert!(
        without_jokers.iter().all(|&n| n > 500),
        "hands without jokers, with and without melds: {without_jokers:?}"
    );
}

/// The bound on an opening's value is never below the best opening (the exact search
/// of `best_opening`), and with jokers often below the plain bound (every card that
/// may be in a meld at its highest): random hands of 13 or 14 cards, up to three
/// jokers, both ace rules.
#[test]
fn the_opening_bound_is_never_below_the_best_opening() {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
    let (mut tighter, mut with_jokers) = (0, 0);
    for hand_no in 0..3_000 {
        let mut config = crate::Config::RUMMY40;
        config.ace_low_in_runs = hand_no % 2 == 0;
        let jokers = hand_no % 4;
        let mut pack: Vec<Card> = (0..104).filter_map(|i| Card::from_index((i % 52) as u8)).collect();
        pack.shuffle(&mut rng);
        let n = rng.random_range(13..=14usize);
        let mut faces: Vec<Card> = pack[..n - jokers].to_vec();
        faces.extend(std::iter::repeat_n(Card::JOKER, jokers));
        let (counts, held, _) = face_counts(&faces);
        let meldable = meldable_of(held & NATURALS, jokers);
        let bound = opening_bound(&counts, held, meldable);
        let best = crate::best_opening(&faces, &config).expect("a hand of the game").value;
        assert!(bound >= best, "{faces:?}: bound {bound} below the best opening {best}");
        let old = (0..53u8)
            .filter(|&i| meldable & 1u64 << i != 0)
            .map(|i| u32::from(counts[usize::from(i)]) * max_value(i))
            .sum::<u32>();
        // One joker counts each card once at most.
        assert!(jokers > 1 || bound <= old, "{faces:?}");
        with_jokers += usize::from(jokers > 0);
        tighter += usize::from(bound < old);
    }
    assert!(tighter > with_jokers / 2, "{tighter} of {with_jokers} hands with jokers bound tighter");
}

/// The packing bound is never below the most any disjoint melds by faces of the hand are
/// worth (every multiset the walk of openings visits, card counts respected): random
/// hands of 13 or 14 cards (some rich in melds) with no joker to four, under both
/// presets' rules. It rules out more than half of the hands that hold no melds worth
/// 40 (hands with no joker and with one), and many of those the opening bound lets
/// through.
#[test]
fn the_packing_bound_is_never_below_the_best_melds() {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(59);
    let (mut short, mut ruled_out, mut bounded, mut tighter) = (0, 0, 0, 0);
    let mut by_jokers = [0; 5];
    for hand_no in 0..6_000 {
        let config = if hand_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        let rules = config.meld_rules();
        let jokers = [0, 0, 1, 1, 2, 3, 4][hand_no % 7];
        let mut pack: Vec<Card> = (0..104).filter_map(|i| Card::from_index((i % 52) as u8)).collect();
        pack.shuffle(&mut rng);
        if hand_no % 3 == 0 && jokers < 3 {
            // Rich in melds: a stretch of the pack sorted by suit or by rank.
            pack.sort_by_key(|f| if hand_no % 2 == 0 { f.index() % 13 } else { f.index() / 13 });
        }
        let n = rng.random_range(13..=14usize);
        let start = rng.random_range(0..pack.len() - n);
        let mut faces: Vec<Card> = pack[start..start + n - jokers].to_vec();
        faces.extend(core::iter::repeat_n(Card::JOKER, jokers));
        let (counts, held, _) = face_counts(&faces);
        let best = best_melds(&faces, &rules);
        assert!(
            packing_reaches(&counts, held, Copies::of(&counts), &rules, best),
            "{faces:?}: bound below melds worth {best}"
        );
        let reaches = packing_reaches(&counts, held, Copies::of(&counts), &rules, 40);
        if best < 40 {
            short += 1;
            ruled_out += usize::from(!reaches);
            by_jokers[jokers] += usize::from(!reaches);
        }
        let meldable = meldable_of(held & NATURALS, jokers);
        if jokers <= 1 && opening_bound(&counts, held, meldable) >= 40 {
            bounded += 1;
            tighter += usize::from(!reaches);
        }
    }
    assert!(ruled_out > short / 2, "{ruled_out} of {short} hands short of 40 ruled out");
    // (With two jokers or more, any card held is a set worth a third of the threshold or
    // so, and the bound seldom falls short of it.)
    assert!(by_jokers[0] > 300 && by_jokers[1] > 300, "ruled out by jokers held: {by_jokers:?}");
    assert!(bounded > 1_000 && tighter > bounded / 8, "{tighter} of {bounded} hands bound tighter");
}

/// Without jokers, a card that both a run and a set would take is counted once: for
/// hands crowded into a few ranks of a few suits (every card in a run and a set), the
/// packing bound is never below the best disjoint melds by faces (every multiset the
/// walk of openings visits), and is often exact, which counting such cards twice could
/// not be as often. Both presets' rules, each natural held up to twice.
#[test]
fn a_card_in_both_a_run_and_a_set_counts_once() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(67);
    let (mut exact, mut hands) = (0, 0);
    for hand_no in 0..4_000 {
        let config = if hand_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        let rules = config.meld_rules();
        // A block of 3-4 suits by 3-5 consecutive ranks, and a few cards anywhere.
        let (suits, width) = (rng.random_range(3..=4u8), rng.random_range(3..=5u8));
        let low = rng.random_range(0..=13 - width);
        let mut faces = Vec::new();
        while faces.len() < rng.random_range(7..=11usize) {
            let s = rng.random_range(0..suits);
            let r = low + rng.random_range(0..width);
            faces.push(Card::from_index(s * 13 + r).unwrap());
        }
        while faces.len() < 13 {
            faces.push(Card::from_index(rng.random_range(0..52u8)).unwrap());
        }
        let (counts, held, _) = face_counts(&faces);
        if held_twice(&counts).is_none() {
            continue;
        }
        hands += 1;
        let best = best_melds(&faces, &rules);
        assert!(
            packing_reaches(&counts, held, Copies::of(&counts), &rules, best),
            "{faces:?}: bound below melds worth {best}"
        );
        exact += usize::from(!packing_reaches(&counts, held, Copies::of(&counts), &rules, best + 1));
    }
    // (Counted twice, the bound was exact on about three hands in five of these.)
    assert!(hands > 2_000 && exact > hands * 3 / 4, "exact on {exact} of {hands} hands");
}

/// The naturals held twice, read eight counts at a time, are those counted one by one,
/// and none is told when one is held three times or more, wherever it lies (the jokers'
/// count is not read); [`Copies::of`] tells the same.
#[test]
fn the_naturals_held_twice_are_read_from_every_count() {
    for face in 0..52 {
        // Large counts too: a byte's carry must not hide a count of three or more.
        for n in (0..=4u8).chain([126, 127, 128, 130, 131, 255]) {
            for other in 0..=2u8 {
                let mut counts = [other; 53];
                counts[52] = 5;
                counts[face] = n;
                let (mut twice, mut more) = (0u64, false);
                for (i, &c) in counts[..52].iter().enumerate() {
                    if c == 2 {
                        twice |= 1 << i;
                    }
                    more |= c > 2;
                }
                let want = (!more).then_some(twice);
                assert_eq!(held_twice(&counts), want, "{face} {n} {other}");
                let copies = Copies::of(&counts);
                assert_eq!((copies.twice, copies.more), (want.unwrap_or(0), more), "{face} {n} {other}");
            }
        }
    }
}

/// Without jokers or with one, a suit's runs are packed exactly: the bound is what the
/// best disjoint runs of the suit are worth (every multiset of its runs walked), for
/// random holdings of one suit (so no sets, even with the joker), each value held up to
/// twice, under both ace rules (with the ace low or high, an ace held may count at both
/// ends: then only never below).
#[test]
fn a_suits_runs_are_packed_exactly() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(61);
    for case in 0..20_000 {
        let config = if case % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        let rules = config.meld_rules();
        let suit = rng.random_range(0..4u8);
        let mut faces = Vec::new();
        for rank in 0..13u8 {
            let copies = [0, 0, 1, 1, 1, 2][rng.random_range(0..6usize)];
            faces.extend(core::iter::repeat_n(Card::from_index(suit * 13 + rank).unwrap(), copies));
        }
        if case % 4 >= 2 {
            faces.push(Card::JOKER);
        }
        let (counts, held, _) = face_counts(&faces);
        let best = best_melds(&faces, &rules);
        // Alone in its suit, the runs are all the melds there are.
        assert!(packing_reaches(&counts, held, Copies::of(&counts), &rules, best), "{faces:?}: below {best}");
        let ace_both_ends =
            rules.ace == rummykit_core::AcePolicy::LowOrHigh && counts[usize::from(suit) * 13] > 0;
        assert!(
            ace_both_ends || !packing_reaches(&counts, held, Copies::of(&counts), &rules, best + 1),
            "{faces:?}: above {best}"
        );
    }
}

/// With nothing to build onto, a hand that can lay all its cards but one in melds by
/// faces (every multiset of its melds walked) passes the rummy test of the bounds;
/// the test is not vacuous (such hands, and hands it rules out that the plain count
/// of cards in no meld lets through). Hands of 14 cards rich in melds, up to three
/// jokers, both packs' rules.
#[test]
fn a_hand_that_can_go_rummy_passes_the_rummy_bound() {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(47);
    let (mut rummies, mut ruled_out) = (0, 0);
    for hand_no in 0..1_500 {
        let config = if hand_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
        let jokers = hand_no % 4;
        let mut pack: Vec<Card> = (0..104).filter_map(|i| Card::from_index((i % 52) as u8)).collect();
        pack.shuffle(&mut rng);
        // A short stretch of the pack by suit or by rank: many melds.
        pack.sort_by_key(|f| if hand_no % 3 == 0 { f.index() % 13 } else { f.index() / 13 });
        let start = hand_no % (pack.len() - 14);
        let mut faces = pack[start..start + 14 - jokers].to_vec();
        faces.extend(std::iter::repeat_n(Card::JOKER, jokers));
        let (counts, held, _) = face_counts(&faces);
        let bits = FaceBits::of(&faces);
        let mut fms = Vec::new();
        for_each_face_meld(bits.naturals, bits.jokers, &config.meld_rules(), |m| fms.push(ValuedMeld::of(m)));
        let mut can = false;
        let supply = (counts, held, Copies::of(&counts));
        combos(&fms, fms.len(), supply, &[], true, &mut Vec::new(), &mut |_, used, _, _, _| {
            can |= used + 1 >= faces.len()
        });
        let meldable = meldable_of(bits.naturals, bits.jokers);
        let passes = may_go_rummy(&counts, held, meldable, 0);
        if can {
            assert!(passes, "{faces:?}");
            rummies += 1;
        }
        // The plain count: cards in no meld at all.
        let plain = (0..53u8)
            .filter(|&i| (held & !meldable) & 1u64 << i != 0)
            .map(|i| counts[usize::from(i)])
            .sum::<u8>()
            <= 1;
        ruled_out += usize::from(plain && !passes);
    }
    assert!(rummies > 500 && ruled_out > 30, "{rummies} hands that can go rummy, {ruled_out} ruled out");
}

/// The rummy bound with faces that fit the table (`fits` as bits) is the plain count it
/// replaced: the cards of faces held in no meld that fit nowhere, at most one left, and
/// with one to three jokers the cards in no meld of naturals that fit nowhere all but
/// one in the suits or ranks the jokers can serve. Random hands of both packs' sizes
/// with no joker to three, random `fits` words from sparse to dense (the joker's bit
/// too).
#[test]
fn may_go_rummy_with_fitting_faces_is_the_plain_count() {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    fn reference(counts: &[u8; 53], held: u64, meldable: u64, fits: u64) -> bool {
        let fits = |i: usize| fits >> i & 1 != 0;
        let misfits: u32 = (0..53)
            .filter(|&i| held >> i & 1 != 0 && meldable >> i & 1 == 0 && !fits(i))
            .map(|i| u32::from(counts[i]))
            .sum();
        let jokers = usize::from(counts[52]);
        if misfits > 1 || !(1..4).contains(&jokers) {
            return misfits <= 1;
        }
        let naturals = held & NATURALS;
        let in_meld = meldable_of(naturals, 0);
        let (mut stray, mut groups) = (0, vec![0u32; 17]);
        for i in (0..52).filter(|&i| naturals >> i & 1 != 0 && in_meld >> i & 1 == 0 && !fits(i)) {
            let n = u32::from(counts[i]);
            stray += n;
            groups[i / 13] += n;
            groups[4 + i % 13] += n;
        }
        groups.sort_unstable_by(|a, b| b.cmp(a));
        stray <= groups[..jokers].iter().sum::<u32>() + 1
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(59);
    let (mut yes, mut no) = (0, 0);
    for round in 0..20_000 {
        let jokers = round % 4;
        let mut pack: Vec<Card> = (0..104).filter_map(|i| Card::from_index((i % 52) as u8)).collect();
        pack.shuffle(&mut rng);
        let len = 3 + round / 4 % 12;
        let mut faces = pack[..len - jokers.min(len - 1)].to_vec();
        faces.extend(std::iter::repeat_n(Card::JOKER, jokers));
        let (counts, held, _) = face_counts(&faces);
        let bits = FaceBits::of(&faces);
        let meldable = meldable_of(bits.naturals, bits.jokers);
        // Sparse to dense: the OR of none to two random words, ANDed with one to three.
        let sparse = (0..1 + round % 3).fold(u64::MAX, |w, _| w & rng.random::<u64>());
        let fits = (0..round / 3 % 3).fold(sparse, |w, _| w | rng.random::<u64>());
        let fits = if round % 7 == 0 { 0 } else { fits };
        let passes = may_go_rummy(&counts, held, meldable, fits);
        assert_eq!(passes, reference(&counts, held, meldable, fits), "{faces:?}, fits {fits:#x}");
        yes += usize::from(passes);
        no += usize::from(!passes);
    }
    assert!(yes > 2_000 && no > 2_000, "{yes} pass, {no} ruled out");
}

/// The one face's test is the bit `meldable_of` marks, for every face (the joker's
/// too), on random sets of naturals from sparse to dense, with no joker to three.
#[test]
fn meldable_at_is_the_bit_meldable_of_marks() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(53);
    let (mut marked, mut unmarked) = (0, 0);
    for round in 0..20_000 {
        // Fewer or more faces: the AND of one to four random words.
        let present = (0..1 + round % 4).fold(NATURALS, |bits, _| bits & rng.random::<u64>());
        let jokers = round / 4 % 4;
        let all = meldable_of(present, jokers);
        for face in 0..=52u8 {
            let at = meldable_at(present, jokers, face);
            assert_eq!(at, all >> face & 1 != 0, "{present:#x}, {jokers} jokers, face {face}");
            marked += usize::from(at);
            unmarked += usize::from(!at && present >> face & 1 != 0);
        }
    }
    assert!(marked > 100_000 && unmarked > 20_000, "{marked} marked, {unmarked} held but not marked");
}

/// The window test of [`Held::meldable`] by bit operations agrees with the plain
/// one (every window of three values around the card, counting the missing values)
/// for every set of values of one suit, every card of it and zero or one joker.
#[test]
fn meldable_windows_by_bits_agree_with_counting() {
    for ranks in 0u16..1 << 13 {
        for jokers in 0..2u32 {
            let mut held = Held { suits_of_rank: [0; 14], values_of_suit: [0; 4], jokers, naturals: true };
            for r in 1..=13u8 {
                if ranks & (1 << (r - 1)) != 0 {
                    // Only hearts: no set can help, the runs decide.
                    held.values_of_suit[0] |= 1 << r;
                    if r == 1 {
                        held.values_of_suit[0] |= 1 << 14;
                    }
                    held.suits_of_rank[usize::from(r)] |= 1;
                }
            }
            for r in (1..=13u8).filter(|r| ranks & (1 << (r - 1)) != 0) {
                let face = Card::from_index(r - 1).unwrap();
                let values: &[u8] = if r == 1 { &[1, 14] } else { core::slice::from_ref(&r) };
                let counted = values.iter().any(|&v| {
                    (v.saturating_sub(2).max(1)..=v.min(12)).any(|w| {
                        let missing = (0b111u16 << w) & !held.values_of_suit[0] & !(1 << v);
                        missing.count_ones() <= jokers
                    })
                });
                assert_eq!(held.meldable(face), counted, "ranks {ranks:013b}, card {r}, {jokers} joker(s)");
            }
        }
    }
}

/// RULES.md §3.5: an opening search past `OPENING_BUDGET` rules nothing out. The 24-card
/// hand of the budget's own test (four jokers, at most one a meld) passes the budget for
/// thresholds its cheap bounds still allow; the listing's prospects then answer "may
/// open" and leave the decision to the enumeration, as they do where the search answers.
/// (No hand of the game reaches the budget, so the listing is asked here directly.)
#[test]
fn rules_3_5_an_opening_search_past_its_budget_is_read_as_may_open() {
    use rand::SeedableRng;
    use rummykit_core::{JokerLimit, Seating, parse_list};
    let hand: Vec<Card> =
        parse_list("Js * * 2s Th 7d 5d Ac 3c 2d 4d 7c 2h 2c 6c 8c 2c Kd * * 3d 5c 4c 6d").unwrap();
    let mut config = crate::Config::SCALA40;
    config.joker_limit = JokerLimit::AtMost(1);
    let counted = face_counts(&hand);
    let (counts, held, _) = counted;
    let meldable = meldable_of(held & NATURALS, usize::from(counts[52]));
    let g = Rummy40::deal(&config, Seating::new(2), &mut rand_chacha::ChaCha8Rng::seed_from_u64(1)).unwrap();
    let pos = g.turn();
    let reach = super::table::LazyReach::kept(pos.table, None);
    let may_open = |t| pos.prospects_of(Some(&hand), &counted, Some(t), None, &reach).0;
    // Answered by the search: an opening of 40 is found in time.
    assert_eq!(crate::can_open(&hand, 40, &config), Ok(true));
    assert!(may_open(40));
    for t in [100, 140] {
        assert!(
            opening_bound(&counts, held, meldable) >= t
                && packing_reaches(&counts, held, Copies::of(&counts), &pos.rules, t)
        );
        let refused = rummykit_core::AnalysisError::SearchTooLarge { budget: crate::OPENING_BUDGET };
        assert_eq!(crate::can_open(&hand, t, &config), Err(refused), "threshold {t}");
        assert!(may_open(t), "threshold {t}: a search past its budget must not rule the opening out");
    }
}

/// The plays an opened mover's short way counted are read only for the view they were
/// counted for: asked of a view of another hand, table or rules, `short_play` answers
/// nothing, for a build counted as for a swap listed, and the count stays as it was, so
/// that the plays read next for the view itself are the list's. Fails if a view of
/// another hand clears the count before it is refused (the swaps alone were then left
/// to be read, tried), or if the table or the rules are not part of what is compared.
#[test]
fn a_short_play_asked_of_another_view_answers_nothing_and_keeps_the_count() {
    use crate::Set3JokerSwap;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rummykit_core::Seating;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(80_803);
    let mut full = Vec::new();
    let mut draws = LegalActions::new();
    let (mut counted, mut listed) = (0usize, 0usize);
    for game_no in 0..200 {
        let mut config = crate::Config::RUMMY40;
        if game_no % 2 == 1 {
            config.set3_joker_swap = Set3JokerSwap::EitherMissing;
        }
        let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        for _ in 0..1_000 {
            let Some(seat) = g.to_move() else { break };
            let view = g.view(seat);
            view.legal_actions(&mut full);
            if let Some((_, _, plays)) = draws.short_discards(&view).filter(|s| s.2 > 0) {
                let pending = draws.pending_plays;
                counted += usize::from(pending.is_some_and(|p| p.builds > 0));
                listed += usize::from(pending.is_some_and(|p| p.builds == 0));
                // Another hand (a card fewer), another table (none), other rules.
                let mut other_hand = view.clone();
                let first = other_hand.common.hand.first().unwrap();
                other_hand.common.hand.remove(first);
                let mut other_table = view.clone();
                other_table.common.table = MeldTable::new();
                let mut other_rules = view.clone();
                other_rules.config.set3_joker_swap = match view.config.set3_joker_swap {
                    Set3JokerSwap::BothMissing => Set3JokerSwap::EitherMissing,
                    Set3JokerSwap::EitherMissing => Set3JokerSwap::BothMissing,
                };
                for other in [&other_hand, &other_table, &other_rules] {
                    for k in (0..plays).rev() {
                        assert_eq!(draws.short_play(other, k), None, "{g:?}");
                    }
                    assert_eq!(draws.pending_plays, pending, "{g:?}");
                }
                let read: Vec<Action> = (0..plays).map(|k| draws.short_play(&view, k).unwrap()).collect();
                assert_eq!(read, full[..plays], "{g:?}");
                assert_eq!(draws.short_play(&view, plays), None, "{g:?}");
            }
            let a = full.choose(&mut rng).unwrap().clone();
            g.apply(seat, a).unwrap();
        }
    }
    assert!(
        counted > 3_000 && listed > 400,
        "{counted} play phases with builds counted, {listed} with all listed"
    );
}

/// The counts of a two-copy pack read from its bits are the counts of its pieces' faces
/// listed one by one, for random sets of ids (ids past the pack included) and both packs
/// of jokers (another pack is counted by that same pass: nothing to compare); the copies
/// both carry are those read back from the counts, a face listed thrice included.
#[test]
fn face_counts_from_bits_are_the_listed_faces_counts() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
    let packs = [rummykit_core::Catalog::<Card>::new(2, 2), rummykit_core::Catalog::new(2, 4)];
    let (mut twice, mut jokers) = (0, 0);
    for round in 0..3_000 {
        let pack = packs[round % packs.len()].unwrap();
        let size = rng.random_range(0..=40);
        let set: PieceSet = (0..size).filter_map(|_| PieceId::new(rng.random_range(0..160u8))).collect();
        let listed: Vec<Card> = pack.faces_of(set).map(|(_, f)| f).collect();
        let (counts, held, copies) = face_counts_in(pack, set);
        let (listed_counts, listed_held, listed_copies) = face_counts(&listed);
        assert_eq!((counts, held), (listed_counts, listed_held), "{set:?} in {pack:?}");
        let read = Copies::of(&counts);
        for c in [copies, listed_copies] {
            assert_eq!((c.twice, c.more), (read.twice, read.more), "{set:?} in {pack:?}");
        }
        // A natural listed thrice (no two-copy pack holds one): held more often.
        if let Some(&f) = listed.iter().find(|f| !f.is_joker()) {
            let mut thrice = listed.clone();
            thrice.extend([f, f]);
            let (counts, _, c) = face_counts(&thrice);
            let read = Copies::of(&counts);
            assert!(c.more && read.more, "{thrice:?}");
            assert_eq!(c.twice, read.twice, "{thrice:?}");
        }
        twice += usize::from(counts[..52].contains(&2));
        jokers += usize::from(counts[52] > 0);
    }
    // Both cases that the bits tell apart from a plain pass were met often.
    assert!(twice > 1_000 && jokers > 500, "{twice} sets with a face twice, {jokers} with jokers");
}

/// The two tests of "no hand of a game" agree (one where the hand's cards are counted
/// already, one that counts them), and a hand of a game's length is its count: random
/// sets from empty to past fourteen cards, of the pack's ids or not, and the odd ones
/// (empty, fourteen and fifteen cards, the pack's last id and the first past it, the
/// last id a set holds), for both games' packs and packs ending elsewhere.
#[test]
fn the_two_tests_of_no_hand_of_a_game_agree() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(61);
    let limit = u8::try_from(PieceId::LIMIT).expect("ids are bytes");
    let packs = [
        crate::Config::RUMMY40.catalog().unwrap(),
        crate::Config::SCALA40.catalog().unwrap(),
        rummykit_core::Catalog::new(1, 0).unwrap(),
        rummykit_core::Catalog::new(2, 24).unwrap(),
    ];
    let (mut hands, mut refused) = (0, 0);
    for pack in packs {
        let end = u8::try_from(pack.len()).expect("ids are bytes");
        let ids = |range: std::ops::Range<u8>| range.filter_map(PieceId::new).collect::<PieceSet>();
        let mut sets =
            vec![PieceSet::new(), ids(0..14), ids(0..15), ids(end - 14..end), ids(end - 13..end + 1)];
        sets.push(ids(limit - 1..limit));
        sets.push([0, limit - 1].into_iter().filter_map(PieceId::new).collect());
        for _ in 0..5_000 {
            let size = rng.random_range(0..18);
            // Mostly the pack's own ids, sometimes any id.
            let top = if rng.random_bool(0.8) { end } else { limit };
            sets.push((0..size).filter_map(|_| PieceId::new(rng.random_range(0..top))).collect());
        }
        for hand in sets {
            // As the list counts a hand: its cards of the pack.
            let n = pack.faces_of(hand).count();
            let len = hand_len(hand, pack);
            assert_eq!(no_hand_of_a_game(n, hand, pack), len.is_none(), "{hand:?} of {} cards", pack.len());
            let of_a_game = hand.len() <= crate::HAND_SIZE + 1 && hand.iter().all(|id| pack.contains(id));
            assert_eq!(len, of_a_game.then_some(hand.len()), "{hand:?} of {} cards", pack.len());
            hands += usize::from(of_a_game);
            refused += usize::from(!of_a_game);
        }
    }
    assert!(hands > 10_000 && refused > 4_000, "{hands} hands of a game, {refused} refused");
}
