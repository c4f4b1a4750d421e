//! Which edition of the FIDE Laws governs: the switches of section 14 that belong to the rules core.

use std::fmt;
use std::str::FromStr;

/// An edition of the Laws of Chess (R-EDN.1). 2018 governs by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    E2005,
    E2009,
    E2014,
    #[default]
    E2018,
}

impl Edition {
    pub const ALL: [Edition; 4] = [
        Edition::E2005,
        Edition::E2009,
        Edition::E2014,
        Edition::E2018,
    ];

    pub fn year(self) -> u16 {
        match self {
            Edition::E2005 => 2005,
            Edition::E2009 => 2009,
            Edition::E2014 => 2014,
            Edition::E2018 => 2018,
        }
    }

    /// Section 14 row 5 / R-9.6: fivefold repetition and 75 moves end the game automatically (E14, E18 only).
    pub fn automatic_fivefold_and_75(self) -> bool {
        matches!(self, Edition::E2014 | Edition::E2018)
    }

    /// Section 14 row 7 / R-5.2.3: agreement only after each player has made at least one move (E18 only).
    pub fn agreement_needs_a_move_each(self) -> bool {
        matches!(self, Edition::E2018)
    }

    /// Section 14 row 6 / R-9.2.2: in E05 a position also differs when a castling right changed temporarily.
    pub fn repetition_counts_temporary_castling(self) -> bool {
        matches!(self, Edition::E2005)
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown edition {0:?}: expected 2005, 2009, 2014 or 2018")]
pub struct ParseEditionError(pub String);

impl FromStr for Edition {
    type Err = ParseEditionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().trim_start_matches(['E', 'e']) {
            "2005" | "05" => Ok(Edition::E2005),
            "2009" | "09" => Ok(Edition::E2009),
            "2014" | "14" => Ok(Edition::E2014),
            "2018" | "18" => Ok(Edition::E2018),
            _ => Err(ParseEditionError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_years_and_defaults_to_2018() {
        assert_eq!(Edition::default(), Edition::E2018);
        assert_eq!("2005".parse::<Edition>().unwrap(), Edition::E2005);
        assert_eq!("E14".parse::<Edition>().unwrap(), Edition::E2014);
        assert!("2010".parse::<Edition>().is_err());
        assert!(!Edition::E2009.automatic_fivefold_and_75());
        assert!(Edition::E2014.automatic_fivefold_and_75());
        assert!(!Edition::E2014.agreement_needs_a_move_each());
    }
}
