import FoundationEssentials

/// One struck ball of a session: a reported flight that starts there (not one that continues
/// another), with what the analysis measured of it.
package struct Shot: Sendable, Hashable {
    /// 1 for the first shot in time, then 2, 3…
    package var number: Int
    /// When the club met the ball, seconds from the session's first frame: the strike's onset
    /// when it was heard (``ShotHearing``), else by sight: the flight's launch or, with a tee
    /// hint, when its path left the tee (``ShotFinder``).
    package var impactTime: Double
    /// Where ``impactTime`` comes from.
    package var impactSource: ImpactSource = .sight
    /// Whether a strike was heard with the launch; nil when the session has no sound to hear.
    package var heard: Bool?
    /// The last detection of the flight, or of the flights that continue it (the ball come
    /// back into the picture after leaving it through the top).
    package var flightEndTime: Double
    /// The trajectory of the analysis this shot is.
    package var trajectory: UUID
    /// The trajectories that continue it (the ball come back into the picture), in order.
    package var continuations: [UUID]
    /// From the analysis's physics, when it was given a scale and the flight could be measured.
    package var launchSpeed: Double?
    package var launchAngle: Double?
    package var apexHeight: Double?
    /// Metres, and where it is measured to (see ``FlightPhysics/carry``).
    package var carry: Double?
    package var carryTo: FlightPhysics.CarryEnd?
    package var confidence: Double

    package init(number: Int, impactTime: Double, flightEndTime: Double, trajectory: UUID, continuations: [UUID] = [],
                 launchSpeed: Double? = nil, launchAngle: Double? = nil, apexHeight: Double? = nil,
                 carry: Double? = nil, carryTo: FlightPhysics.CarryEnd? = nil, confidence: Double) {
        self.continuations = continuations
        self.number = number
        self.impactTime = impactTime
        self.flightEndTime = flightEndTime
        self.trajectory = trajectory
        self.launchSpeed = launchSpeed
        self.launchAngle = launchAngle
        self.apexHeight = apexHeight
        self.carry = carry
        self.carryTo = carryTo
        self.confidence = confidence
    }

    /// The span of the session a clip of this shot shows: `preRoll` seconds before impact to
    /// `postRoll` seconds after the flight's end, kept inside `0…duration` (no upper bound when
    /// the duration is not known, 0).
    package func clipSpan(preRoll: Double, postRoll: Double, duration: Double) -> ClosedRange<Double> {
        let start = max(0, impactTime - preRoll)
        var end = flightEndTime + postRoll
        if duration > 0 { end = min(end, duration) }
        return start...max(start, end)
    }

    /// `shot-01.mp4`, `shot-02.mp4`… (three digits from the hundredth shot on).
    package var clipName: String { String(printf: "shot-%02d.mp4", number) }
}
