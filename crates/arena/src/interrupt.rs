//! Ctrl-C, SIGTERM and SIGHUP must not leave programs behind. Every program the arena or the
//! Caia hub starts runs in a process group of its own (so that one `killpg` ends it with
//! its helpers), which also means the terminal's SIGINT never reaches it: if `olympiad`
//! simply died, its players would run on. So the groups alive at any moment are listed
//! here, and [`install`] puts in a signal handler that kills every listed group and then
//! lets the signal end `olympiad` as it would have without the handler (exit status "killed
//! by SIGINT", which shells report as 130).
//!
//! The handler only does what is async-signal-safe: atomic loads and stores, `killpg`, `write`,
//! `signal` and `raise`. The list is a fixed array of atomics, so registering and
//! unregistering never allocate or lock. Nothing is written to the tournament store after
//! the handler started ([`interrupted`] is set first): a game whose players were killed by
//! the interrupt is never recorded as their crash; it is replayed by `--resume`.
//!
//! Before it ends the process the handler writes the message of [`set_message`] on stderr,
//! if there is one: the work that was interrupted can say how to continue it (a tournament
//! prints its exact `--resume` command), at the moment the user needs it, and only then.
//!
//! Limits: at most [`SLOTS`] groups are tracked at once (more are not killed by the handler,
//! though still by their owners' normal shutdown), and a program that leaves its group
//! (`setsid`) escapes, as it escapes every group kill.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, Ordering};

/// How many process groups can be tracked at once.
pub const SLOTS: usize = 1024;

/// The tracked process group ids; 0 marks a free slot.
static GROUPS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];
/// Set by the handler before it kills anything.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// The message the handler writes (null: none). It points to a leaked `&[u8]`, so that the
/// handler reads pointer and length as one value and never touches freed memory.
static MESSAGE: AtomicPtr<&'static [u8]> = AtomicPtr::new(std::ptr::null_mut());

/// Lists process group `pgid` (a program just started in a group of its own) so that an
/// interrupt kills it. Returns false when every slot is taken.
pub fn register(pgid: i32) -> bool {
    if pgid <= 0 {
        return false;
    }
    GROUPS.iter().any(|slot| {
        slot.compare_exchange(0, pgid, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

/// Takes `pgid` off the list (its owner has killed the group).
pub fn unregister(pgid: i32) {
    for slot in &GROUPS {
        if slot
            .compare_exchange(pgid, 0, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return;
        }
    }
}

/// Whether group `pgid` is listed.
pub fn is_tracked(pgid: i32) -> bool {
    pgid > 0
        && GROUPS
            .iter()
            .any(|slot| slot.load(Ordering::SeqCst) == pgid)
}

/// Sets the text the handler writes on stderr if an interrupt ends the process (`None`:
/// nothing). Each text is leaked, so call it a few times per run, not per game.
pub fn set_message(text: Option<&str>) {
    let new = match text {
        Some(text) => {
            let bytes: &'static [u8] = Box::leak(text.as_bytes().to_vec().into_boxed_slice());
            Box::leak(Box::new(bytes)) as *mut &'static [u8]
        }
        None => std::ptr::null_mut(),
    };
    MESSAGE.store(new, Ordering::SeqCst);
}

/// Whether an interrupt has started ending the process: nothing should be recorded any more.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The signals that end `olympiad` and its programs together.
pub const SIGNALS: [i32; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Does what an interrupt does before it ends the process, for code that must end it for
/// another reason (a run across processes that lost a peer): from now on nothing is
/// recorded ([`interrupted`] is true), and every listed program group is killed.
pub fn end_programs() {
    INTERRUPTED.store(true, Ordering::SeqCst);
    kill_groups();
}

fn kill_groups() {
    for slot in &GROUPS {
        let pgid = slot.load(Ordering::SeqCst);
        if pgid > 0 {
            // SAFETY: killpg is async-signal-safe and has no memory-safety preconditions;
            // a group that is already gone gives an error, which is harmless.
            unsafe {
                libc::killpg(pgid, libc::SIGKILL);
            }
        }
    }
}

extern "C" fn on_signal(signal: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
    kill_groups();
    let message = MESSAGE.load(Ordering::SeqCst);
    if !message.is_null() {
        // SAFETY: a non-null MESSAGE points to a leaked, never freed `&'static [u8]`; write
        // is async-signal-safe, and a failed or short write only loses the message.
        unsafe {
            let bytes: &[u8] = *message;
            libc::write(libc::STDERR_FILENO, bytes.as_ptr().cast(), bytes.len());
        }
    }
    // SAFETY: signal and raise are async-signal-safe; with the default action restored,
    // raising the signal ends the process as the signal would have without the handler.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

/// Installs the handler for [`SIGNALS`]. A signal that the parent set to be ignored (a
/// `nohup` run ignores SIGHUP) stays ignored. Call once, early in `main`.
pub fn install() {
    for &signal in &SIGNALS {
        // SAFETY: a zeroed sigaction is a valid "no flags, empty mask" value; the handler
        // is an `extern "C" fn(c_int)` that only does async-signal-safe work; the old
        // action is read into a local.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut old) == 0
                && old.sa_sigaction == libc::SIG_IGN
            {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            action.sa_flags = libc::SA_RESTART;
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_listed_and_unlisted() {
        // Negative and zero ids are never listed (killpg(0) would hit our own group).
        assert!(!register(0));
        assert!(!register(-5));
        // (Other tests start programs at the same time, so only these ids are looked at.)
        assert!(register(999_991));
        assert!(register(999_992));
        assert!(is_tracked(999_991) && is_tracked(999_992));
        unregister(999_991);
        unregister(999_991);
        assert!(!is_tracked(999_991) && is_tracked(999_992));
        unregister(999_992);
        assert!(!is_tracked(999_992));
    }
}
