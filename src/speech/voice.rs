//! Voices and settings: which voice speaks a language, whether speech-dispatcher has a real one, rate and volume.

use super::SpeechConfig;

/// Map a normalised setting (0..=1, 0.5 normal) onto the synthesiser's range.
pub fn scale_rate(value: f32, min: f32, normal: f32, max: f32) -> f32 {
    let v = if value.is_nan() {
        0.5
    } else {
        value.clamp(0.0, 1.0)
    };
    if v <= 0.5 {
        min + (normal - min) * (v / 0.5)
    } else {
        normal + (max - normal) * ((v - 0.5) / 0.5)
    }
}

/// Map a normalised volume (0..=1) linearly onto the synthesiser's range.
pub fn scale_volume(value: f32, min: f32, max: f32) -> f32 {
    let v = if value.is_nan() {
        1.0
    } else {
        value.clamp(0.0, 1.0)
    };
    min + (max - min) * v
}

/// Choose a voice name for `language` among `voices` (name, language tag), by the rules of
/// [`SpeechConfig`]. `None`: keep the current voice.
pub fn choose_voice<'a>(
    config: &'a SpeechConfig,
    voices: &'a [(String, String)],
    language: Option<&str>,
) -> Option<&'a str> {
    let known = |name: &str| voices.iter().any(|(n, _)| n == name);
    let default = config.voice.as_deref().filter(|v| known(v));
    let Some(language) = language else {
        return default;
    };
    let language = language.to_ascii_lowercase();
    let primary = language.split(['-', '_']).next().unwrap_or("");
    let primary_of = |tag: &str| {
        tag.split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let configured = config
        .voices
        .iter()
        .find(|(l, _)| l.to_ascii_lowercase() == language)
        .or_else(|| {
            config
                .voices
                .iter()
                .find(|(l, _)| l.to_ascii_lowercase() == primary)
        })
        .map(|(_, v)| v.as_str())
        .filter(|v| known(v));
    if configured.is_some() {
        return configured;
    }
    if let Some(d) = default
        && voices
            .iter()
            .any(|(n, l)| n == d && primary_of(l) == primary)
    {
        return Some(d);
    }
    // Plain voices first ("German" before the variant "German+Anika").
    let plain = |n: &str| !n.contains('+');
    let pick = |exact: bool, plain_only: bool| {
        voices
            .iter()
            .find(|(n, l)| {
                (!plain_only || plain(n))
                    && if exact {
                        l.to_ascii_lowercase() == language
                    } else {
                        primary_of(l) == primary
                    }
            })
            .map(|(n, _)| n.as_str())
    };
    pick(true, true)
        .or_else(|| pick(false, true))
        .or_else(|| pick(true, false))
        .or_else(|| pick(false, false))
        .or(default)
}

/// The Debian package that gives speech-dispatcher a real voice (its espeak-ng output module); the
/// notices name it.
pub const VOICE_PACKAGE: &str = "speech-dispatcher-espeak-ng";

/// Whether a speech-dispatcher's output modules include a real synthesiser: without one it loads
/// only its dummy module, which plays a canned "not configured" recording instead of any text.
pub fn has_real_module(modules: &[String]) -> bool {
    modules.iter().any(|m| !m.trim().is_empty() && m != "dummy")
}

/// Whether `voices` (name, language tag) hold a voice for `language` (by its primary subtag).
pub fn has_voice_for(voices: &[(String, String)], language: &str) -> bool {
    let primary = |tag: &str| {
        tag.split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let wanted = primary(language);
    voices.iter().any(|(_, l)| primary(l) == wanted)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn voices() -> Vec<(String, String)> {
        [
            ("Afrikaans", "af"),
            ("German+Anika", "de"),
            ("German", "de"),
            ("English (Great Britain)", "en-GB"),
            ("English (America)", "en-US"),
            ("Greek", "el"),
        ]
        .iter()
        .map(|(n, l)| (n.to_string(), l.to_string()))
        .collect()
    }

    #[test]
    fn voice_by_language_prefers_plain_voices_and_exact_tags() {
        let c = SpeechConfig::default();
        let v = voices();
        assert_eq!(choose_voice(&c, &v, Some("de")), Some("German"));
        assert_eq!(
            choose_voice(&c, &v, Some("en-US")),
            Some("English (America)")
        );
        assert_eq!(
            choose_voice(&c, &v, Some("en")),
            Some("English (Great Britain)")
        );
        assert_eq!(choose_voice(&c, &v, Some("EL")), Some("Greek"));
        assert_eq!(choose_voice(&c, &v, Some("fr")), None);
        assert_eq!(choose_voice(&c, &v, None), None);
    }

    #[test]
    fn only_a_dummy_module_is_no_speech() {
        let names = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(!has_real_module(&names(&[])));
        assert!(!has_real_module(&names(&["dummy"])));
        assert!(has_real_module(&names(&["dummy", "espeak-ng"])));
        assert!(has_real_module(&names(&["festival"])));
    }

    #[test]
    fn a_language_has_a_voice_by_its_primary_subtag() {
        let v = voices();
        assert!(has_voice_for(&v, "de"));
        assert!(has_voice_for(&v, "DE-at"));
        assert!(has_voice_for(&v, "en"));
        assert!(!has_voice_for(&v, "fr"));
        let no_german: Vec<_> = v.into_iter().filter(|(_, l)| l != "de").collect();
        assert!(!has_voice_for(&no_german, "de"));
    }

    #[test]
    fn configured_voices_win() {
        let mut c = SpeechConfig {
            voice: Some("English (America)".into()),
            ..Default::default()
        };
        c.voices.insert("de".into(), "German+Anika".into());
        c.voices.insert("el".into(), "No such voice".into());
        let v = voices();
        assert_eq!(choose_voice(&c, &v, Some("de-AT")), Some("German+Anika"));
        assert_eq!(choose_voice(&c, &v, Some("el")), Some("Greek"));
        assert_eq!(choose_voice(&c, &v, Some("en")), Some("English (America)"));
        assert_eq!(choose_voice(&c, &v, None), Some("English (America)"));
        assert_eq!(choose_voice(&c, &v, Some("fr")), Some("English (America)"));
    }

    #[test]
    fn normalised_settings_map_onto_the_synthesiser_range() {
        assert_eq!(scale_rate(0.0, -100.0, 0.0, 100.0), -100.0);
        assert_eq!(scale_rate(0.5, -100.0, 0.0, 100.0), 0.0);
        assert_eq!(scale_rate(0.75, -100.0, 0.0, 100.0), 50.0);
        assert_eq!(scale_rate(7.0, 0.1, 1.0, 10.0), 10.0);
        assert_eq!(scale_volume(1.0, -100.0, 100.0), 100.0);
        assert_eq!(scale_volume(0.25, -100.0, 100.0), -50.0);
        assert_eq!(scale_volume(f32::NAN, 0.0, 1.0), 1.0);
    }
}
