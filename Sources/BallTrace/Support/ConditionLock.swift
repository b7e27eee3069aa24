import Glibc

/// A mutex with a condition variable (what Foundation's `NSCondition` is), on POSIX threads.
///
/// The library imports FoundationEssentials, not Foundation: the whole of Foundation brings in
/// ICU and about 7 MB more resident memory to every run, for a lock, a thread and number
/// formatting. Used as a plain lock (`withLock`) where nothing waits.
package final class ConditionLock: @unchecked Sendable {
    // Allocated, not stored inline: a pthread object must not move once initialised.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until another thread signals, then holds it again. Called with the
    /// lock held, in a loop over the condition waited for (a wake-up may be spurious).
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes one waiting thread.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread.
    package func broadcast() { pthread_cond_broadcast(condition) }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
