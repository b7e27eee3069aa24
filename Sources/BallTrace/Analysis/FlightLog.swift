import FoundationEssentials
import Logging

/// Logs (at `debug` level) each flight as it is reported and as it ends.
final class FlightLog: AnalysisSink {
    private let logger: Logger
    private var inFlightBefore = Set<UUID>()

    init(logger: Logger) { self.logger = logger }

    var needs: SinkNeeds { .flightsWhenAnalysed }

    func take(_ frame: SessionFrame) throws {
        // A source restarted after a reconnection starts its tracking afresh, its flights with it.
        if frame.decoded.reconnection?.timeContinues == false { inFlightBefore = [] }
        guard frame.analysed else { return }
        let ids = Set(frame.inFlight.map(\.uuid))
        guard ids != inFlightBefore else { return }
        let (index, time) = (frame.decoded.index, frame.decoded.time)
        for flight in frame.inFlight where !inFlightBefore.contains(flight.uuid) {
            logger.debug("tracking: trajectory \(flight.uuid.uuidString.prefix(8)) reported at frame \(index) (\(String(printf: "%.3f", time)) s) with \(flight.detectedPoints.count) points")
        }
        for id in inFlightBefore.subtracting(ids) {
            logger.debug("tracking: trajectory \(id.uuidString.prefix(8)) ended before frame \(index)")
        }
        inFlightBefore = ids
    }
}
