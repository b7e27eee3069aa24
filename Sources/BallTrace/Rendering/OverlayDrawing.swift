/// How an overlay draws flights: as Vision's sample app does (the region of interest, the
/// detected path red, the projected path green), or as a broadcast tracer.
package enum OverlayDrawing: Sendable, Hashable {
    case vision
    case broadcast(BroadcastTracerStyle)
}
