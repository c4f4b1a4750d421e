//! Tests of the game: repetition keys, takebacks, automatic endings, claims, offers and Chess960 castling.

use shakmaty::{CastlingSide, Chess, Color, Move, Position};

use crate::rules::edition::Edition;
use crate::rules::ending::{EndReason, Ending, GameResult};

use super::Game;
use super::endings::{ClaimKind, ClaimVerdict};
use super::error::GameError;
use super::ply::{Comments, Ply};
use super::repetition::RepetitionKey;

/// A huge number in a FEN (found by fuzzing) must not overflow: the FEN reader takes a number from the digits at the
/// start of a field (`2002222222222222222<garbage>` too) and cuts it to the largest it holds.
#[test]
fn fen_counters_beyond_any_game_are_refused() {
    for fen in [
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 99999999999",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 10001 1",
        "k7/8/8/8/8/8/8/K7 b - - 2002222222222222222\u{c9}22 300",
        "rnbqkbnr/pqpppppp/8/8/4P3/8/PP1PPPPP/RNBQKBNR b KQkq a3 0 _222222222222222",
    ] {
        match Game::from_fen(fen) {
            Err(GameError::InvalidFen(m)) => assert!(m.contains("beyond any game"), "{m}"),
            other => panic!("{fen}: {other:?}"),
        }
    }
    assert!(Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 10000 10000").is_ok());
}

fn play_all(g: &mut Game, sans: &str) {
    for s in sans.split_whitespace() {
        g.play_san(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
}

/// The repetition key of each new position, worked out from the one before (R-9.2.2), is the key computed
/// whole: in random games from the standard and from Chess960 starts (castling on every file, king and rook
/// moves that lose castling rights, double steps, en passant and promotions).
#[test]
fn the_key_after_each_move_is_the_key_computed_whole() {
    let mut rng = crate::rules::TestRng::new(0x9e37_79b9_7f4a_7c15);
    let (mut castled, mut en_passant, mut lost_rights) = (0, 0, 0);
    for n in 0..400u16 {
        let mut g = if n % 2 == 0 {
            Game::new()
        } else {
            Game::chess960(u32::from(n) * 7 % 960).expect("a Chess960 start")
        };
        for _ in 0..250 {
            let moves = g.position().legal_moves();
            if moves.is_empty() || g.is_over() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let rights_before = g.position().castles().castling_rights();
            castled += usize::from(matches!(m, Move::Castle { .. }));
            en_passant += usize::from(m.is_en_passant());
            g.play_without_dead_check(m).expect("a legal move");
            lost_rights += usize::from(g.position().castles().castling_rights() != rights_before);
            assert_eq!(
                g.keys.last().copied(),
                Some(RepetitionKey::of(g.position(), g.edition)),
                "after {m:?} in {}",
                g.fen()
            );
        }
    }
    assert!(
        castled > 20 && en_passant > 0 && lost_rights > 100,
        "{castled} {en_passant} {lost_rights}"
    );
    // En passant, rare in random games: a capture that is legal, one that would expose the king (so the
    // square does not count), and a double step beside no pawn.
    for (fen, sans) in [
        ("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e4 dxe3 Kf1 e2+"),
        ("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "e4 Kb3 e5 d3"),
        ("4k3/p7/8/1P6/8/8/8/4K3 b - - 0 1", "a5 bxa6 Kd8 a7"),
    ] {
        let mut g = Game::from_fen(fen).expect("a legal position");
        for san in sans.split_whitespace() {
            g.play_san(san)
                .unwrap_or_else(|e| panic!("{san} in {fen}: {e}"));
            assert_eq!(
                g.keys.last().copied(),
                Some(RepetitionKey::of(g.position(), g.edition)),
                "after {san} from {fen}"
            );
        }
    }
}

/// Keys are kept only since the last pawn move or capture; repetitions before it are found again when
/// the record is taken back behind it.
#[test]
fn repetitions_are_counted_across_a_takeback_behind_a_pawn_move() {
    let mut g = Game::new();
    for san in "Nf3 Nf6 Ng1 Ng8 e4 Nf6 Nf3 Ng8 Ng1".split_whitespace() {
        g.play_san(san).unwrap();
    }
    // The position after 3. e4 stood before ply 5 and stands now, before ply 9.
    assert_eq!(g.repetition_indexes(), [5, 9]);
    assert_eq!(g.repetitions(), 2);
    assert!(g.keys.len() < 10, "no key from before 3. e4 is kept");
    // Back to before 3. e4: the start position stood before plies 0 and 4.
    g.truncate(4);
    assert_eq!(g.repetition_indexes(), [0, 4]);
    assert_eq!(g.repetitions(), 2);
    // Playing on finds the third occurrence, as in a game never taken back.
    for san in "Nf3 Nf6 Ng1 Ng8".split_whitespace() {
        g.play_san(san).unwrap();
    }
    assert_eq!(g.repetition_indexes(), [0, 4, 8]);
    assert!(g.claimable_now().contains(&ClaimKind::ThreefoldRepetition));
    let mut fresh = Game::new();
    for p in g.plies() {
        fresh.play(p.mv).unwrap();
    }
    assert_eq!(fresh.keys, g.keys);
    assert_eq!(fresh.keys_from(), g.keys_from());
}

#[test]
fn comments_keep_their_order_from_none_to_one_to_many_and_back() {
    let mut c = Comments::new();
    assert!(c.is_empty());
    c.push("a".into());
    assert_eq!(c, ["a"]);
    c.push("b".into());
    c.push("c".into());
    assert_eq!(c, ["a", "b", "c"]);
    c.retain(|s| s != "b");
    assert_eq!(c, ["a", "c"]);
    c[1] = "d".into();
    assert_eq!(c.iter().map(String::as_str).collect::<Vec<_>>(), ["a", "d"]);
    c.retain(|s| s == "a");
    assert_eq!(c, ["a"]);
    assert_ne!(c, ["b"]);
    assert_ne!(c, ["a", "a"]);
    c.retain(|_| false);
    assert!(c.is_empty());
    assert_eq!(c, Comments::new());
    let one: Comments = ["x"].into_iter().collect();
    assert_eq!(format!("{one:?}"), r#"["x"]"#);
}

#[test]
fn positions_are_replayed_from_the_start_and_plies_stay_small() {
    // A FEN start with Black to move at move 30, castling, en passant and a promotion on the way.
    let mut g = Game::from_fen("r3k2r/P7/8/8/5p2/8/4P3/R3K2R b KQkq - 3 30").unwrap();
    let sans = "O-O-O e4 fxe3 a8=Q+ Kc7 O-O";
    let mut seen = vec![g.position().clone()];
    for s in sans.split_whitespace() {
        g.play_san(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        seen.push(g.position().clone());
    }
    let replayed: Vec<Chess> = g.positions().collect();
    assert_eq!(
        replayed, seen,
        "one position before each ply, then the current one"
    );
    for (i, want) in seen.iter().enumerate() {
        assert_eq!(&g.position_before(i), want, "before ply {i}");
    }
    assert_eq!(&g.position_before(99), g.position());
    // Colour and move number come from the position the move was made in.
    let numbered: Vec<(Color, u32)> = g
        .plies()
        .iter()
        .map(|p| (p.color(), p.move_number()))
        .collect();
    assert_eq!(
        numbered,
        [
            (Color::Black, 30),
            (Color::White, 31),
            (Color::Black, 31),
            (Color::White, 32),
            (Color::Black, 32),
            (Color::White, 33)
        ]
    );
    // A move kept in a record read from a file must stay far smaller than a position.
    assert!(
        std::mem::size_of::<Ply>() <= 40,
        "a ply takes {} bytes",
        std::mem::size_of::<Ply>()
    );
    // Taking back replays to the same position and numbering.
    g.truncate(2);
    assert_eq!(g.position(), &seen[2]);
    g.play_san("fxe3").unwrap();
    assert_eq!(g.plies()[2].move_number(), 31);
}

#[test]
fn truncate_retraces_to_an_earlier_position() {
    let mut g = Game::new();
    play_all(&mut g, "e4 e5 Nf3 Nc6 Bc4 Nf6");
    let before = {
        let mut h = Game::new();
        play_all(&mut h, "e4 e5 Nf3");
        h
    };
    g.offer_draw(Color::White).ok();
    let removed = g.truncate(3);
    assert_eq!(removed.len(), 3);
    assert_eq!(removed[0].san.to_string(), "Nc6");
    assert_eq!(g.plies().len(), 3);
    assert_eq!(g.fen(), before.fen());
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.repetitions(), 1);
    // The game goes on from there, and nothing changes when there is nothing to take back.
    g.play_san("Nf6").unwrap();
    assert!(g.truncate(10).is_empty());
    assert_eq!(g.plies().len(), 4);
    // A finished game taken back before its mate is open again.
    let mut m = Game::new();
    play_all(&mut m, "f3 e5 g4 Qh4#");
    assert!(m.is_over());
    m.truncate(3);
    assert!(!m.is_over());
    assert_eq!(m.truncate(0).len(), 3);
    assert_eq!(m.fen(), Game::new().fen());
}

#[test]
fn fools_mate_ends_by_checkmate() {
    let mut g = Game::new();
    play_all(&mut g, "f3 e5 g4 Qh4#");
    assert_eq!(
        g.ending(),
        Some(Ending::new(EndReason::Checkmate, GameResult::BlackWins))
    );
    let e = g.ending().unwrap();
    assert_eq!(g.play_san("a3").unwrap_err(), GameError::GameOver(e));
    assert_eq!(g.plies().len(), 4);
}

#[test]
fn truncate_restores_the_position_repetitions_and_ending() {
    let mut g = Game::new();
    play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6");
    let fen_after_two = {
        let mut h = Game::new();
        play_all(&mut h, "Nf3 Nf6");
        h.fen()
    };
    assert_eq!(g.repetitions(), 2);
    let removed = g.truncate(2);
    assert_eq!(removed.len(), 4);
    assert_eq!(removed[0].san.to_string(), "Ng1");
    assert_eq!(g.fen(), fen_after_two);
    assert_eq!(
        g.repetitions(),
        1,
        "the taken-back positions no longer count"
    );
    assert!(
        g.truncate(5).is_empty(),
        "nothing to take back beyond the record"
    );
    let mut mated = Game::new();
    play_all(&mut mated, "f3 e5 g4 Qh4#");
    mated.truncate(3);
    assert!(!mated.is_over());
    play_all(&mut mated, "Nc6");
    assert_eq!(mated.plies().len(), 4);
}

#[test]
fn threefold_is_a_claim_and_fivefold_ends_the_game() {
    let mut g = Game::new();
    play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(g.repetitions(), 2);
    let ng8 = g.parse_san("Ng8").unwrap();
    assert_eq!(g.claimable_with(ng8), vec![ClaimKind::ThreefoldRepetition]);
    assert!(g.claimable_now().is_empty());
    play_all(&mut g, "Ng8");
    assert_eq!(g.repetitions(), 3);
    assert!(!g.is_over(), "threefold must not end the game by itself");
    play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert!(!g.is_over());
    play_all(&mut g, "Ng8");
    assert_eq!(g.ending().unwrap().reason, EndReason::FivefoldRepetition);
}

#[test]
fn fivefold_is_not_automatic_in_2009() {
    let mut g = Game::new().with_edition(Edition::E2009);
    for _ in 0..5 {
        play_all(&mut g, "Nf3 Nf6 Ng1 Ng8");
    }
    assert!(!g.is_over());
    assert_eq!(g.repetitions(), 6);
    assert_eq!(
        g.claim(None).unwrap(),
        ClaimVerdict::Correct {
            kind: ClaimKind::ThreefoldRepetition,
            with_move: None
        }
    );
}

#[test]
fn wrong_claim_plays_the_intended_move() {
    let mut g = Game::new();
    let m = g.parse_san("e4").unwrap();
    match g.claim(Some(m)).unwrap() {
        ClaimVerdict::Incorrect {
            played: Some(san), ..
        } => assert_eq!(san.to_string(), "e4"),
        other => panic!("{other:?}"),
    }
    assert!(!g.is_over());
    assert_eq!(g.plies().len(), 1);
}

#[test]
fn ep_possible_only_at_start_makes_positions_differ() {
    // After 1.e4 Nf6 2.e5 d5 an en passant capture is possible; repeating the knights later does not recreate it.
    let mut g = Game::new();
    play_all(&mut g, "e4 Nf6 e5 d5");
    let k0 = g.repetitions();
    play_all(&mut g, "Nf3 Ng8 Ng1 Nf6");
    assert_eq!(k0, 1);
    assert_eq!(
        g.repetitions(),
        1,
        "ep capture was possible the first time, so it is not the same position"
    );
    play_all(&mut g, "Nf3 Ng8 Ng1 Nf6");
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn agreement_needs_a_move_each_in_2018_only() {
    let mut g = Game::new();
    g.offer_draw(Color::White).unwrap();
    assert_eq!(
        g.accept_draw(Color::Black),
        Err(GameError::AgreementTooEarly)
    );
    assert_eq!(g.accept_draw(Color::White), Err(GameError::OwnDrawOffer));
    let mut g = Game::new().with_edition(Edition::E2014);
    g.offer_draw(Color::White).unwrap();
    assert_eq!(
        g.accept_draw(Color::Black).unwrap().reason,
        EndReason::Agreement
    );
}

#[test]
fn offer_is_marked_on_the_offerers_move_and_lapses_when_the_opponent_moves() {
    let mut g = Game::new();
    play_all(&mut g, "e4");
    g.offer_draw(Color::White).unwrap();
    assert!(g.plies()[0].draw_offer);
    play_all(&mut g, "e5");
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.accept_draw(Color::Black), Err(GameError::NoDrawOffer));
}

#[test]
fn seventy_five_moves_but_mate_prevails() {
    // Halfmove clock 149: the next quiet move would be the 75th; if it mates, mate prevails.
    let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 120").unwrap();
    g.play_san("Ra8#").unwrap();
    assert_eq!(g.ending().unwrap().reason, EndReason::Checkmate);
    let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 120").unwrap();
    g.play_san("Rb1").unwrap();
    assert_eq!(g.ending().unwrap().reason, EndReason::SeventyFiveMoves);
}

#[test]
fn fifty_move_claim_counts_moves_by_each_side() {
    let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 98 80").unwrap();
    assert!(g.claimable_now().is_empty());
    g.play_san("Rb1").unwrap();
    assert!(
        g.claimable_now().is_empty(),
        "99 plies are not 50 moves by each side"
    );
    let m = g.parse_san("Kg8").unwrap();
    assert_eq!(g.claimable_with(m), vec![ClaimKind::FiftyMoves]);
    let v = g.claim(Some(m)).unwrap();
    assert!(matches!(
        v,
        ClaimVerdict::Correct {
            kind: ClaimKind::FiftyMoves,
            ..
        }
    ));
    assert_eq!(g.ending().unwrap().result, GameResult::Draw);
}

#[test]
fn chess960_castling_ends_on_standard_squares() {
    use shakmaty::{Piece, Role, Square};
    // R-GII.3.2.6: after O-O the king is on g1 and the rook on f1; after O-O-O on c1 and d1.
    let mut castled = 0;
    for n in 0..960 {
        let g = Game::chess960(n).unwrap();
        assert!(g.is_chess960());
        for m in g.legal_moves() {
            let Some(side) = m.castling_side() else {
                continue;
            };
            let mut g2 = g.clone();
            g2.play(m).unwrap();
            let b = g2.position().board();
            let (k, r) = if side == CastlingSide::KingSide {
                (Square::G1, Square::F1)
            } else {
                (Square::C1, Square::D1)
            };
            assert_eq!(
                b.piece_at(k),
                Some(Piece {
                    color: Color::White,
                    role: Role::King
                }),
                "n={n}"
            );
            assert_eq!(
                b.piece_at(r),
                Some(Piece {
                    color: Color::White,
                    role: Role::Rook
                }),
                "n={n}"
            );
            let san = g2.plies()[0].san.to_string();
            assert!(
                san.starts_with(if side == CastlingSide::KingSide {
                    "O-O"
                } else {
                    "O-O-O"
                }),
                "{san}"
            );
            castled += 1;
        }
    }
    assert!(
        castled > 0,
        "some Chess960 positions allow castling on move one (R-GII.3.2.7)"
    );
}

#[test]
fn bad_fens_are_refused_with_a_reason() {
    assert!(matches!(
        Game::from_fen("nonsense"),
        Err(GameError::InvalidFen(_))
    ));
    assert!(matches!(
        Game::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
        Err(GameError::IllegalPosition(_))
    ));
    assert!(matches!(
        Game::chess960(960),
        Err(GameError::NoSuchChess960(960))
    ));
}
