/// Chooses, while the clip is read, the frame the tracer picture is drawn over, and keeps it.
///
/// The choice is made as frames go by, so that a clip is read once (and a pipe can be read at
/// all): by default the frame of the last detection of the longest flight, where a golfer is
/// in the follow-through and the drawn path ends at the ball; before any flight, the frame
/// nearest the middle of the clip. A frame is kept by reference to the decoder's buffer, not
/// copied.
final class TracerBackdrop {
    private let requestedTime: Double?
    private let middle: Double
    private let kept = OwnedFrame()
    private var hasFrame = false
    private var reachedRequestedTime = false
    private var longestFlight = 0
    /// The kept frame's time, seconds since the first frame.
    private(set) var time: Double?

    /// - Parameters:
    ///   - requestedTime: the frame at or after this time is kept, whatever the flights.
    ///   - duration: the clip's declared length (0 when unknown).
    init(requestedTime: Double?, duration: Double) {
        self.requestedTime = requestedTime
        middle = duration / 2
    }

    /// The kept frame, if any frame was seen.
    var frame: OwnedFrame? { hasFrame ? kept : nil }

    /// True when a time was asked for and the clip ended before it.
    var endedBeforeRequestedTime: Bool { requestedTime != nil && !reachedRequestedTime }

    /// Looks at a decoded frame, with the flights in view once this frame was analysed (nil
    /// for a frame that was not analysed), each with its own detections only: a frame that
    /// repeated a detection's picture is not that detection's frame.
    func consider(_ decoded: DecodedFrame, interval: Double, flights: [TrajectoryObservation]?) throws {
        let halfFrame = interval / 2
        if let requestedTime {
            // Until the time is reached, the latest frame: the last one if the clip ends first.
            guard !reachedRequestedTime else { return }
            try keep(decoded)
            reachedRequestedTime = decoded.time >= requestedTime - halfFrame
            return
        }
        if let flights {
            for flight in flights where flight.detectedPoints.last?.frame == decoded.index
                && flight.detectedPoints.count >= longestFlight {
                longestFlight = flight.detectedPoints.count
                try keep(decoded)
                return
            }
        }
        if longestFlight == 0 && (!hasFrame || decoded.time <= middle + halfFrame) {
            try keep(decoded)
        }
    }

    private func keep(_ decoded: DecodedFrame) throws {
        try kept.reference(decoded.frame)
        hasFrame = true
        time = decoded.time
    }
}
