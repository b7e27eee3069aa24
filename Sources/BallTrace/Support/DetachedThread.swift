import Glibc

/// Runs `body` on a new thread of its own, named `name` (as `top` and `perf` show it), and
/// returns at once; nothing joins the thread, so `body` must say when it is done (the
/// pipeline's stages wait on a ``ConditionLock``). `stackSize`: bytes, nil for the system's
/// default.
package func detachThread(named name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
    final class Box: Sendable {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) { (self.name, self.body) = (name, body) }
    }
    let box = Unmanaged.passRetained(Box(name: name, body: body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    var thread = pthread_t()
    let status = pthread_create(&thread, &attributes, { argument in
        let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
        nameThisThread(box.name)
        box.body()
        return nil
    }, box)
    precondition(status == 0, "cannot start the \(name) thread: \(String(cString: strerror(status)))")
}

/// Names the calling thread as Linux keeps it (its first 15 bytes), through
/// `/proc/thread-self/comm`: Swift does not see `pthread_setname_np`, a GNU extension. A
/// name that cannot be set is left unset; it is only for people looking at the process.
private func nameThisThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}
