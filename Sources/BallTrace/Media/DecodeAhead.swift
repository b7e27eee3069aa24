internal import CFFmpeg
import FoundationEssentials

/// Runs a ``MediaDecoder`` on a thread of its own, a few frames ahead of its consumer, so that
/// decoding never waits for analysis, drawing or encoding, nor they for it.
///
/// Frames are decoded into a small pool of ``FrameSlot``s: a slot is back in the pool when the
/// consumer asks for the next item, and the decoder waits only when every slot is in use. The
/// decoder's own buffers are reference-counted from its pool, so no picture is copied or
/// allocated per frame. Audio packets, when asked for, come through in file order between the
/// frames, so the consumer writes them on its own thread.
final class DecodeAhead {
    /// What the file holds next.
    enum Item {
        /// On loan until the next call of ``next()``.
        case frame(DecodedFrame)
        /// A packet of the reader's audio stream.
        case audio(OwnedPacket)
    }

    let reader: MediaDecoder
    private let worker: Worker

    /// Frames to decode ahead of analysis for pictures of this size: as many as fit in
    /// ``aheadBudget`` (8-bit 4:2:0), from 3 to 8. Analysis costs more in some frames than in
    /// others (a golfer swinging breaks into hundreds of blobs, a still scene into none), and
    /// decoding, which costs about the same every frame, runs on through a costly stretch only
    /// while it has free slots; with 3, a core idled there (measured on real 720p clips: 8
    /// ahead took 1–11 % less wall time than 3 and the same CPU time; peak memory 5.5 MB more at
    /// 720p, the same at 1080p, where the decoder's own pool sets it).
    static func depth(width: Int, height: Int) -> Int {
        let frameBytes = max(1, width * height * 3 / 2)
        return min(8, max(3, aheadBudget / frameBytes))
    }

    /// Memory for pictures decoded ahead: eight 1080p frames, three 4K ones.
    static let aheadBudget = 8 * 1920 * 1080 * 3 / 2

    /// - Parameters:
    ///   - depth: frames decoded ahead at most; each holds one decoded picture.
    ///   - forwardingAudio: also deliver the audio stream's packets.
    init(_ reader: MediaDecoder, depth: Int = 3, forwardingAudio: Bool = false) {
        self.reader = reader
        worker = Worker(reader: reader, depth: max(1, depth), forwardingAudio: forwardingAudio)
        let worker = self.worker
        detachThread(named: "balltrace.decode") { worker.run() }
    }

    /// Stops the decoding thread and waits for it: the reader is never used by two threads.
    deinit { worker.stop() }

    /// The next frame or audio packet, or nil at the end of the file. Rethrows what stopped the
    /// reader, in order: frames decoded before a failure come first.
    func next() throws -> Item? {
        try worker.next()
    }
}

/// The state the decoding thread and the consumer share, behind one lock.
private final class Worker: @unchecked Sendable {
    private enum Entry {
        case frame(DecodedFrame, FrameSlot)
        case audio(OwnedPacket)
        case end
        case failure(any Error)
    }

    /// Used by the decoding thread only, and let go when it ends: the reader is then freed
    /// with its last other owner, never on this thread after the consumer has gone.
    private var reader: MediaDecoder?
    private let condition = ConditionLock()
    private var free: [FrameSlot]
    private var ready: [Entry] = []
    /// The slot of the frame the consumer holds, returned to `free` on its next call.
    private var lent: FrameSlot?
    private var stopping = false
    private var running = true
    private var ended = false

    init(reader: MediaDecoder, depth: Int, forwardingAudio: Bool) {
        self.reader = reader
        free = (0..<depth).map { _ in FrameSlot() }
        if forwardingAudio {
            reader.audioPacketHandler = { [unowned self] packet in
                guard let copy = av_packet_clone(packet) else { throw MediaError.allocationFailed("an audio packet") }
                let owned = OwnedPacket(adopting: copy)
                self.enqueue(.audio(owned))
            }
        }
    }

    /// The decoding thread's loop.
    func run() {
        defer {
            reader?.audioPacketHandler = nil
            condition.lock()
            reader = nil
            running = false
            condition.broadcast()
            condition.unlock()
        }
        while let slot = takeFreeSlot() {
            do {
                guard let frame = try reader!.nextFrame(into: slot) else {
                    enqueue(.end)
                    return
                }
                enqueue(.frame(frame, slot))
            } catch {
                enqueue(.failure(error))
                return
            }
        }
    }

    private func takeFreeSlot() -> FrameSlot? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty && !stopping { condition.wait() }
        return stopping ? nil : free.removeLast()
    }

    private func enqueue(_ entry: Entry) {
        condition.lock()
        ready.append(entry)
        condition.signal()
        condition.unlock()
    }

    func next() throws -> DecodeAhead.Item? {
        condition.lock()
        defer { condition.unlock() }
        if let slot = lent {
            lent = nil
            av_frame_unref(slot.frame.pointer)
            free.append(slot)
            condition.broadcast()
        }
        guard !ended else { return nil }
        while ready.isEmpty { condition.wait() }
        switch ready.removeFirst() {
        case .frame(let frame, let slot):
            lent = slot
            return .frame(frame)
        case .audio(let packet):
            return .audio(packet)
        case .end:
            ended = true
            return nil
        case .failure(let error):
            ended = true
            throw error
        }
    }

    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }
}
