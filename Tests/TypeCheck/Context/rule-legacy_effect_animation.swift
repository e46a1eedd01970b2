import ComposableArchitecture

// What rules/legacy_effect_animation.md's fix example leaves out: SwiftUI's `Animation` (the stand-ins' TCA cannot
// import the SwiftUI stand-in), TCA's `Effect.send(_:animation:)` and `Send`'s `callAsFunction(_:animation:)`.
struct Animation: Sendable {
    static let `default` = Animation()
    static func spring() -> Animation { Animation() }
}

extension Effect {
    static func send(_ action: Action, animation: Animation?) -> Self { .send(action) }
}

extension Send {
    func callAsFunction(_ action: Action, animation: Animation?) {}
}

enum Swipe {
    enum Action: Sendable {
        case fetchFolders
        case delegate(Delegate)
    }
    enum Delegate: Sendable { case finished }
}
