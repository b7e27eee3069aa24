import FoundationEssentials

/// Where a shot's impact time comes from.
package enum ImpactSource: String, Sendable, Codable, Hashable {
    /// The flight's launch, the first frame the ball is seen moving in; with a tee hint, when
    /// its path left the tee.
    case sight
    /// The strike's onset in the session's sound, heard within ``ShotHearing/window(frameInterval:)``
    /// of the launch.
    case sound
}

/// Fuses a session's shots, found by sight (``ShotFinder``), with the strikes heard in its sound
/// (``StrikeDetector``). Sight decides what is a shot: a strike that no ball is seen to leave
/// with (a clap, a neighbour's shot off camera) is none, and a launch with no strike heard is
/// still a shot, marked unheard. Sound decides when: a strike heard near a launch gives the
/// impact to about a millisecond, where sight gives it to a frame or two.
package enum ShotHearing {
    /// How far a strike may be from the launch seen and still be that shot's, seconds: 150 ms,
    /// or three frame intervals at frame rates under 20 fps.
    ///
    /// The launch seen is the first frame the ball is found moving in: the ball leaves during
    /// the frame interval before it (33 ms at 30 fps, 42 ms at 24), and a drive's first frame
    /// after impact is often smeared into the club, so the flight starts a frame later still:
    /// up to two intervals, 83 ms at 24 fps. Sound travels 343 m/s: a camera 10 m from the tee
    /// hears the strike 29 ms after it. A phone's sound and picture may be out of step by
    /// some tens of milliseconds (broadcast tolerance is 45 ms ahead, 125 ms behind; phones do
    /// better). 83 + 29 + ~40 ≈ 150 ms. Wider would start to take a second golfer's strike
    /// in the next bay; balls struck by one golfer are seconds apart.
    package static func window(frameInterval: Double) -> Double {
        max(0.150, 3 * frameInterval)
    }

    /// The shots, each given the strike nearest its launch within the window: pairs of a
    /// launch and a strike are taken closest first, so each strike goes to one shot at most, the
    /// one it is nearest. `strikes` nil: the session has no sound, and the shots are left as
    /// sight found them (``Shot/heard`` nil).
    package static func fuse(_ shots: [Shot], strikes: [Strike]?, frameInterval: Double) -> [Shot] {
        guard let strikes else { return shots }
        let reach = window(frameInterval: frameInterval)
        var pairs: [(shot: Int, strike: Int, distance: Double)] = []
        for (i, shot) in shots.enumerated() {
            for (j, strike) in strikes.enumerated() where abs(strike.onset - shot.impactTime) <= reach {
                pairs.append((i, j, abs(strike.onset - shot.impactTime)))
            }
        }
        var fused = shots.map { shot -> Shot in
            var shot = shot
            shot.heard = false
            return shot
        }
        var strikeTaken = Set<Int>()
        for pair in pairs.sorted(by: { $0.distance < $1.distance })
        where fused[pair.shot].heard == false && !strikeTaken.contains(pair.strike) {
            strikeTaken.insert(pair.strike)
            fused[pair.shot].impactTime = strikes[pair.strike].onset
            fused[pair.shot].impactSource = .sound
            fused[pair.shot].heard = true
        }
        return fused
    }
}
