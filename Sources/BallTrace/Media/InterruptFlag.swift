internal import CFFmpeg

/// What FFmpeg's I/O looks at while it waits for data: a flag that, once set, makes a blocked
/// read return (so that Ctrl-C stops a live stream that sends nothing), and a deadline after
/// which a live source that has sent nothing is given up as stalled. Settable from any thread.
final class InterruptFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<bt_interrupt>
    /// A source that stalls this long is given up unless asked otherwise: long enough for a
    /// network hiccup or a camera's exposure change, short enough that a frozen source is told.
    static let defaultStallTimeout = 10.0

    /// Seconds a live source (a URL, a camera) may send nothing before it is given up; 0 waits
    /// for ever. Set before the input is opened (a file's is set to 0 when it is opened).
    var stallTimeout = InterruptFlag.defaultStallTimeout

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: bt_interrupt(flag: 0, stalled: 0, deadline: 0))
    }

    func set() { bt_interrupt_set(pointer) }

    var isSet: Bool { bt_interrupt_is_set(pointer) != 0 }

    /// Whether a read gave up because the source sent nothing for ``stallTimeout``.
    var hasStalled: Bool { bt_interrupt_stalled(pointer) != 0 }

    /// The source is asked again (a reconnection): the stall that ended its last read is forgotten.
    func clearStall() { bt_interrupt_clear_stall(pointer) }

    /// The source has just sent something (or is about to be asked): it has ``stallTimeout``
    /// from now to send more.
    func expectData() { bt_interrupt_expect_within(pointer, Int64(stallTimeout * 1_000_000)) }

    /// Reads no longer time out (a file, or an input read to its end).
    func stopExpectingData() { bt_interrupt_expect_within(pointer, 0) }

    deinit { pointer.deallocate() }
}
