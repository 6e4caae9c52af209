//! The alpha-beta engine a two-seat game gets from its hooks alone, so that games whose
//! engine is "the searcher with my evaluation" (Clobber, Lines of Action) do not each write
//! the same wrapper: [`Searching`] keeps one [`Searcher`] (and its table) from move to move,
//! answers a forced move without searching, reads the `hash=MIB` option, and returns the
//! search's move if it is legal (else the first legal move).

use crate::engine::{Choice, Engine, OptionError, Options, forced};
use crate::{Config, Hooks, Limits, Observer, Searcher};
use olympiad_core::{Game, Hashed, TwoPlayerZeroSum};

/// An engine that is one alpha-beta searcher over `H`'s hooks.
pub struct Searching<G: Game + Hashed, H: Hooks<G>> {
    searcher: Searcher<G, H>,
}

impl<G: Game + Hashed, H: Hooks<G>> std::fmt::Debug for Searching<G, H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searching").finish_non_exhaustive()
    }
}

impl<G: Game + Hashed + TwoPlayerZeroSum, H: Hooks<G>> Searching<G, H> {
    /// The engine with the library's default [`Config`], its table sized by the option
    /// `hash` (MiB, at most `max_hash_mib`) when it is given.
    pub fn from_options(
        hooks: H,
        options: &Options,
        max_hash_mib: usize,
    ) -> Result<Self, OptionError> {
        Self::with_config(hooks, Config::default(), options, max_hash_mib)
    }

    /// The engine with the game's own `config` (its pruning and reductions), the table
    /// sized by the option `hash` as in [`Searching::from_options`].
    pub fn with_config(
        hooks: H,
        mut config: Config,
        options: &Options,
        max_hash_mib: usize,
    ) -> Result<Self, OptionError> {
        if let Some(mib) = options.number::<usize>("hash")? {
            if mib > max_hash_mib {
                return Err(OptionError(format!(
                    "option hash={mib}: expected at most {max_hash_mib} MiB"
                )));
            }
            config.tt_mib = mib;
        }
        Ok(Self {
            searcher: Searcher::new(hooks, config),
        })
    }
}

impl<G, H> Searching<G, H>
where
    G: Game + Hashed + TwoPlayerZeroSum + 'static,
    H: Hooks<G> + 'static,
    Searcher<G, H>: Send,
{
    /// [`Searching::from_options`] boxed as the engine a game's `EngineSpec::create`
    /// returns.
    pub fn boxed(
        hooks: H,
        options: &Options,
        max_hash_mib: usize,
    ) -> Result<Box<dyn Engine<G>>, OptionError> {
        Ok(Box::new(Self::from_options(hooks, options, max_hash_mib)?))
    }

    /// [`Searching::with_config`] boxed.
    pub fn boxed_with(
        hooks: H,
        config: Config,
        options: &Options,
        max_hash_mib: usize,
    ) -> Result<Box<dyn Engine<G>>, OptionError> {
        Ok(Box::new(Self::with_config(
            hooks,
            config,
            options,
            max_hash_mib,
        )?))
    }
}

impl<G, H> Engine<G> for Searching<G, H>
where
    G: Game + Hashed + TwoPlayerZeroSum,
    H: Hooks<G>,
    Searcher<G, H>: Send,
{
    fn choose(
        &mut self,
        pos: &G,
        limits: &Limits,
        mut observer: &mut dyn Observer<G::Move>,
    ) -> Option<Choice<G::Move>> {
        let legal = pos.legal_moves();
        if let Some(answer) = forced(&legal) {
            return answer;
        }
        let result = self.searcher.search(pos, limits, &mut observer);
        Some(Choice::from_search(&result, &legal))
    }
}
