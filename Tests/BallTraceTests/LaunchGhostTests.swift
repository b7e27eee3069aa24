import Foundation
import Testing
@testable import BallTrace

/// Where a ball rested, the background still holds it for a while after it is struck, and the
/// difference shows a blob of the ball's size there, frame after frame: its ghost. A flight's
/// look back for its launch must not take that for the ball.
@Suite struct LaunchGhostTests {
    let tracker = TrajectoryTracker(settings: TrackerSettings(trajectoryLength: 10, frameWidth: 1280, frameHeight: 720))

    func frame(_ step: Int, blobs: [Blob]) -> TrajectoryTracker.KeptFrame {
        TrajectoryTracker.KeptFrame(frame: step, time: Double(step) / 30, step: step, blobs: blobs,
                                    crowded: blobs.map { _ in false }, sceneToPicture: .identity)
    }

    func blob(_ x: Double, _ y: Double, radius: Double = 6) -> Blob {
        Blob(center: PixelPoint(x: x, y: y), radius: radius, area: .pi * radius * radius)
    }

    @Test func aBlobThatStaysWhereTheBallRestedWhileTheFlightMovesOnIsAGhost() {
        // Still there a frame later, a pixel off (a camera's shake), while the struck ball's
        // path has moved it 150 px.
        let next = frame(41, blobs: [blob(656, 586), blob(674, 266, radius: 5)])
        #expect(tracker.staysPut(blob(657, 587), into: next, whilePathMoves: 150))
    }

    @Test func aBallNearTheTopOfATossIsNotAGhost() {
        // A tossed ball near its apex moves a pixel or two a frame: the path says so too.
        let next = frame(41, blobs: [blob(400, 120.8)])
        #expect(!tracker.staysPut(blob(400, 120), into: next, whilePathMoves: 1.5))
    }

    @Test func aBlobGoneOrChangedInTheNextFrameIsNotAGhost() {
        #expect(!tracker.staysPut(blob(657, 587), into: frame(41, blobs: [blob(700, 400)]), whilePathMoves: 150))
        #expect(!tracker.staysPut(blob(657, 587), into: frame(41, blobs: [blob(657, 587, radius: 20)]), whilePathMoves: 150))
    }
}
