use super::*;

#[test]
fn game_full_from_the_spec_example() {
    let line = r#"{"id":"BEOucQJo","variant":{"key":"standard","name":"Standard","short":"Std"},"speed":"rapid","perf":{"name":"Rapid"},"rated":false,"createdAt":1745112707998,"white":{"id":"bobby","name":"Bobby","title":null,"rating":1751},"black":{"id":"mary","name":"Mary","title":null,"rating":1021},"initialFen":"startpos","clock":{"initial":900000,"increment":0},"type":"gameFull","state":{"type":"gameState","moves":"d2d3","wtime":900000,"btime":900000,"winc":0,"binc":0,"status":"started"},"newField":{"a":1}}"#;
    let Some(GameEvent::GameFull(f)) = parse_game_line(line).unwrap() else {
        panic!("not a gameFull")
    };
    assert_eq!(f.id, "BEOucQJo");
    assert_eq!(f.white.name, "Bobby");
    assert_eq!(f.black.rating, Some(1021));
    assert_eq!(
        f.clock,
        Some(GameClock {
            initial: 900_000,
            increment: 0
        })
    );
    assert_eq!(f.state.move_list(), vec!["d2d3"]);
    assert!(f.state.status.is_playing());
    assert_eq!(f.days_per_turn, None);
}

#[test]
fn correspondence_and_ai_players() {
    let line = r#"{"type":"gameFull","id":"c0rresp1","daysPerTurn":3,"white":{"aiLevel":3},"black":{"id":"me","name":"Me"},"state":{"type":"gameState","moves":"","wtime":2147483647,"btime":2147483647,"winc":0,"binc":0,"status":"started"}}"#;
    let Some(GameEvent::GameFull(f)) = parse_game_line(line).unwrap() else {
        panic!()
    };
    assert_eq!(f.days_per_turn, Some(3));
    assert_eq!(f.clock, None);
    assert_eq!(f.white.ai_level, Some(3));
    assert_eq!(f.initial_fen, "startpos");
}

#[test]
fn state_chat_gone() {
    let s = r#"{"type":"gameState","moves":"e2e4 e7e5","wtime":1,"btime":2,"winc":3,"binc":4,"status":"mate","winner":"white","bdraw":true}"#;
    let Some(GameEvent::GameState(st)) = parse_game_line(s).unwrap() else {
        panic!()
    };
    assert_eq!(st.status, Status::Mate);
    assert_eq!(st.winner, Some(Color::White));
    assert!(st.bdraw && !st.wdraw);
    let c =
        r#"{"type":"chatLine","username":"thibault","text":"Good luck, have fun","room":"player"}"#;
    assert!(
        matches!(parse_game_line(c), Ok(Some(GameEvent::ChatLine(l))) if l.text == "Good luck, have fun")
    );
    let g = r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":8}"#;
    assert_eq!(
        parse_game_line(g).unwrap(),
        Some(GameEvent::OpponentGone(OpponentGone {
            gone: true,
            claim_win_in_seconds: Some(8)
        }))
    );
    let n = r#"{"type":"gameState","moves":"","wtime":1,"btime":2,"winc":3,"binc":4,"status":"somethingNew"}"#;
    assert!(
        matches!(parse_game_line(n), Ok(Some(GameEvent::GameState(s))) if s.status == Status::Other)
    );
}

#[test]
fn skipped_lines() {
    assert_eq!(parse_game_line(""), Ok(None));
    assert_eq!(parse_game_line("   "), Ok(None));
    assert_eq!(parse_game_line("garbage{"), Err(Skip::NotJson));
    assert_eq!(parse_game_line("[1,2]"), Err(Skip::NotJson));
    assert_eq!(
        parse_game_line(r#"{"type":"newThing"}"#),
        Err(Skip::UnknownType("newThing".into()))
    );
    assert!(matches!(
        parse_game_line(r#"{"type":"chatLine"}"#),
        Err(Skip::BadFields { .. })
    ));
    assert!(matches!(
        parse_lobby_line(r#"{"type":"gameStart"}"#),
        Err(Skip::BadFields { .. })
    ));
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    assert_eq!(parse_game_line(&deep), Err(Skip::NotJson));
    let long = format!(r#"{{"type":"{}"}}"#, r"\u0007t".repeat(5000));
    match parse_game_line(&long) {
        Err(Skip::UnknownType(t)) => {
            assert!(t.chars().count() <= 60 && !t.contains('\u{7}'), "{t:?}")
        }
        other => panic!("{other:?}"),
    }
    let bad = format!(r#"{{"type":"gameState","wtime":"{}"}}"#, "x".repeat(5000));
    match parse_game_line(&bad) {
        Err(Skip::BadFields { reason, .. }) => assert!(reason.chars().count() <= 200, "{reason}"),
        other => panic!("{other:?}"),
    }
    let shown = Skip::UnknownType("a\u{7}b".repeat(100)).to_string();
    assert!(!shown.contains('\u{7}') && shown.len() < 400, "{shown}");
}

#[test]
fn lobby_events_from_the_spec_examples() {
    let start = r#"{"type":"gameStart","game":{"fullId":"0FgNPGRzhDaW","gameId":"0FgNPGRz","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","color":"white","lastMove":"","source":"friend","status":{"id":20,"name":"started"},"variant":{"key":"standard","name":"Standard"},"speed":"blitz","perf":"blitz","rated":true,"hasMoved":false,"opponent":{"id":"aaron","username":"Aaron","rating":776},"isMyTurn":true,"secondsLeft":300,"rating":724,"compat":{"bot":false,"board":true},"id":"0FgNPGRz"}}"#;
    let Some(LobbyEvent::GameStart(g)) = parse_lobby_line(start).unwrap() else {
        panic!()
    };
    assert_eq!(g.game_id, "0FgNPGRz");
    assert_eq!(g.opponent.username, "Aaron");
    assert!(g.is_my_turn);
    assert_eq!(g.color, Some(Color::White));
    let ch = r#"{"type":"challengeDeclined","challenge":{"id":"H9fIRZUk","url":"https://lichess.org/H9fIRZUk","status":"declined","challenger":{"id":"bot1","name":"Bot1","rating":1500},"destUser":{"id":"bobby","name":"Bobby","rating":1635},"variant":{"key":"standard","name":"Standard","short":"Std"},"rated":true,"speed":"rapid","timeControl":{"type":"clock","limit":600,"increment":0,"show":"10+0"},"color":"random","perf":{"icon":"","name":"Rapid"},"direction":"out","declineReason":"I'm not accepting challenges at the moment.","declineReasonKey":"generic"}}"#;
    let Some(LobbyEvent::ChallengeDeclined(c)) = parse_lobby_line(ch).unwrap() else {
        panic!()
    };
    assert_eq!(c.decline_reason_key.as_deref(), Some("generic"));
    assert_eq!(
        c.time_control,
        ChallengeTimeControl::Clock {
            limit: 600,
            increment: 0,
            show: "10+0".into()
        }
    );
    assert_eq!(c.dest_user.unwrap().name, "Bobby");
    let corr = r#"{"type":"challenge","challenge":{"id":"x1","challenger":{"id":"a","name":"A"},"destUser":null,"timeControl":{"type":"correspondence","daysPerTurn":3}}}"#;
    let Some(LobbyEvent::Challenge(c)) = parse_lobby_line(corr).unwrap() else {
        panic!()
    };
    assert_eq!(
        c.time_control,
        ChallengeTimeControl::Correspondence { days_per_turn: 3 }
    );
    assert_eq!(c.dest_user, None);
}

#[test]
fn error_texts() {
    assert_eq!(
        error_text(r#"{"error":"Not your turn, or game already over"}"#),
        "Not your turn, or game already over"
    );
    assert_eq!(
        error_text(r#"{"error":{"time":["Invalid value"]}}"#),
        "time: Invalid value"
    );
    assert_eq!(error_text("plain\u{1b}[31m text"), "plain[31m text");
}
