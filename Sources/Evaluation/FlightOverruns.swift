import Foundation

/// Flights followed on past their end: the trajectory that covers a labelled flight best took
/// points after the ball's last frame in flight and in view (after a bounce, a catch or a
/// landing, the flight took what lay near its path). A point or two past the end is the ball at
/// the contact or at the picture's edge, where a label and a detection may disagree by a
/// frame; ``least`` points or more is the flight running on. On a sparsely labelled clip those
/// points are in unlabelled frames, which precision does not count: this is where they show.
package struct FlightOverruns: Sendable, Hashable {
    package static let least = 3

    /// Found flights looked at.
    package var flights = 0
    /// The flights that ran on: clip, flight number and points past the end.
    package var overrunning: [String] = []

    package init() {}

    package mutating func add(_ score: ClipScore, clip: String) {
        for flight in score.flights where flight.isFound {
            flights += 1
            if flight.pointsPastEnd >= Self.least {
                overrunning.append("\(clip) flight \(flight.index + 1): \(flight.pointsPastEnd) points after its end")
            }
        }
    }

    package var summary: String {
        "\(overrunning.count) of \(flights) found flights followed \(Self.least) or more points past their end"
    }
}
