import ArgumentParser
import BallTrace

extension RadiusLimit: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension CoordinateSystem: ExpressibleByArgument {}

/// `X,Y,W,H`, normalized 0…1, origin top-left.
struct RegionArgument: ExpressibleByArgument {
    var rect: NormalizedRect

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
        rect = NormalizedRect(x: parts[0]!, y: parts[1]!, width: parts[2]!, height: parts[3]!)
    }
}
