internal import CFFmpeg

/// A flag FFmpeg's I/O looks at while it waits for data: once set, a blocked read returns, so
/// that Ctrl-C stops a live stream that sends nothing. Settable from any thread.
final class InterruptFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    func set() { bt_interrupt_flag_set(pointer) }

    var isSet: Bool { bt_interrupt_flag_check(pointer) != 0 }

    deinit { pointer.deallocate() }
}
