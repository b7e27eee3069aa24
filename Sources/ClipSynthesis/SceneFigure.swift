/// A moving person in a scene, drawn behind the balls.
package enum SceneFigure: Sendable, Hashable, Codable {
    case golfer(GolferFigure)
    case downTheLineGolfer(DownTheLineGolfer)
    case walker(WalkingFigure)
    case tennisServer(TennisServer)
    case basketballPlayer(BasketballPlayer)
    case rangeGolfer(RangeGolfer)
    case pitcher(Pitcher)

    func draw(on canvas: Canvas, at time: Double) {
        switch self {
        case let .golfer(figure): figure.draw(on: canvas, at: time)
        case let .downTheLineGolfer(figure): figure.draw(on: canvas, at: time)
        case let .walker(figure): figure.draw(on: canvas, at: time)
        case let .tennisServer(figure): figure.draw(on: canvas, at: time)
        case let .basketballPlayer(figure): figure.draw(on: canvas, at: time)
        case let .rangeGolfer(figure): figure.draw(on: canvas, at: time)
        case let .pitcher(figure): figure.draw(on: canvas, at: time)
        }
    }
}
