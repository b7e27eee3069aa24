import FoundationEssentials

/// The shot log `balltrace shots` writes as `shots.json` (its schema is printed by
/// `balltrace schema --shots`) and, row for row, as `shots.csv`. Field names are a contract.
package struct ShotLog: Sendable, Codable, Hashable {
    package var shots: [Entry]

    package struct Entry: Sendable, Codable, Hashable {
        package var number: Int
        /// Seconds from the session's first frame.
        package var impactTime: Double
        /// `sound` when the impact is the strike's onset, `sight` when it is the flight's launch
        /// (or, with a tee hint, when its path left the tee).
        package var impactSource: ImpactSource
        /// Whether the strike was heard; absent when the session has no sound.
        package var heard: Bool?
        /// The shot's clip, a file name in the same folder as the log.
        package var clip: String
        /// The UUID of the trajectory in the session's analysis (`analysis.json` beside the log).
        package var trajectory: UUID
        /// Seconds of the session the clip shows.
        package var clipStart: Double
        package var clipEnd: Double
        /// m/s, degrees above the horizontal, metres: absent without a scale, or when the flight
        /// could not be measured in the image plane.
        package var launchSpeed: Double?
        package var launchAngle: Double?
        package var apexHeight: Double?
        /// Metres across the picture from launch to where the ball came down, and where it is
        /// measured to: its landing, or where its path is back at its launch height (see
        /// ``FlightPhysics/carry``); absent as the figures above are, and for a ball that neither
        /// rose nor was seen to land.
        package var carry: Double?
        package var carryTo: FlightPhysics.CarryEnd?
        /// 0…1, the trajectory's.
        package var confidence: Double
    }

    package init(shots: [Shot], preRoll: Double, postRoll: Double, duration: Double) {
        self.shots = shots.map { shot in
            let span = shot.clipSpan(preRoll: preRoll, postRoll: postRoll, duration: duration)
            return Entry(number: shot.number, impactTime: rounded(shot.impactTime, 6), impactSource: shot.impactSource,
                         heard: shot.heard, clip: shot.clipName,
                         trajectory: shot.trajectory, clipStart: rounded(span.lowerBound, 6), clipEnd: rounded(span.upperBound, 6),
                         launchSpeed: shot.launchSpeed.map { rounded($0, 3) }, launchAngle: shot.launchAngle.map { rounded($0, 3) },
                         apexHeight: shot.apexHeight.map { rounded($0, 3) }, carry: shot.carry.map { rounded($0, 3) },
                         carryTo: shot.carryTo, confidence: rounded(shot.confidence, 4))
        }
    }

    /// Pretty-printed JSON, keys in declaration order, ending in a newline.
    package func jsonData() throws -> Data { try OrderedJSONEncoder().encode(self) }

    package static let csvHeader = "number,impactTime,impactSource,heard,clip,trajectory,clipStart,clipEnd,launchSpeed,launchAngle,apexHeight,carry,carryTo,confidence"

    /// One row per shot under ``csvHeader``; a figure that is absent is an empty field.
    package var csvText: String {
        ([Self.csvHeader] + csvFields.map { $0.joined(separator: ",") }).joined(separator: "\n") + "\n"
    }

    /// The fields of each row of ``csvText``, in the columns of ``csvHeader`` (the shot report's
    /// table shows the same): an absent figure is an empty string.
    package var csvFields: [[String]] {
        func number(_ value: Double?, _ places: Int) -> String {
            value.map { String(printf: "%.\(places)f", $0) } ?? ""
        }
        return shots.map { s in
            ["\(s.number)", number(s.impactTime, 6), s.impactSource.rawValue, s.heard.map { "\($0)" } ?? "", s.clip,
             s.trajectory.uuidString, number(s.clipStart, 6), number(s.clipEnd, 6),
             number(s.launchSpeed, 3), number(s.launchAngle, 3), number(s.apexHeight, 3), number(s.carry, 3),
             s.carryTo?.rawValue ?? "", number(s.confidence, 4)]
        }
    }
}
