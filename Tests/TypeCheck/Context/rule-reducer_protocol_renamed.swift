// What the reducer_protocol_renamed document's fix example uses but does not declare.
extension Search {
    struct State {}
    enum Action {}
}
