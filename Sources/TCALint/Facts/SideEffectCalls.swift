/// The calls `side_effect_in_reducer` recognises as side effects: work on a process-wide object
/// (`UserDefaults.standard.set`, `NotificationCenter.default.post`, `UIApplication.shared.open`, any
/// `X.shared.save…`), scheduling (`DispatchQueue.main.async`, `Task { }`), keychain calls
/// (`SecItemAdd`), and writes to a database, a keychain or an app's own `UserDefaults` wrapper. Reads
/// (`UserDefaults.standard.bool(forKey:)`, `FileManager.default.fileExists`) are not side effects and are not matched.
enum SideEffectCalls {
    struct Match {
        /// First token of the call (`UserDefaults`, `DispatchQueue`, `Task`, `database`).
        var start: Int
        /// Last token of the call chain; scanning resumes after it.
        var end: Int
        /// How the message names it: `UserDefaults.standard.set(…)`.
        var shown: String
        /// Matched by its receiver's name alone (`database`, `keychain`, `context`), not by a known API.
        var isNamedStore = false
        /// Schedules work to run later (`Task { }`, `DispatchQueue.main.async { }`): only the scheduling
        /// happens while the reducer runs.
        var schedulesWork = false
    }

    /// What counts as an effect on one kind of receiver.
    struct Verbs {
        /// Member calls that are effects (camel-case prefixes: `set` matches `setValue`, not `settings`).
        var prefixes: Set<String>
        /// Any call at all (`URLSession.shared.…`).
        var anyCall = false
        /// Assigning a property (`UIApplication.shared.isIdleTimerDisabled = true`).
        var assignment = true
    }

    static let userDefaults = Verbs(prefixes: ["set", "removeObject", "register", "synchronize", "removePersistentDomain",
                                               "removeVolatileDomain", "addSuite", "removeSuite"])
    static let fileManager = Verbs(prefixes: ["createDirectory", "createFile", "removeItem", "moveItem", "copyItem", "trashItem",
                                              "setAttributes", "replaceItem", "linkItem", "createSymbolicLink",
                                              "changeCurrentDirectoryPath", "setUbiquitous", "startDownloadingUbiquitousItem",
                                              "evictUbiquitousItem"])
    static let notificationCenter = Verbs(prefixes: ["post", "addObserver", "removeObserver"])
    static let application = Verbs(prefixes: ["open", "sendAction", "setAlternateIconName", "registerForRemoteNotifications",
                                              "unregisterForRemoteNotifications", "requestSceneSession", "beginBackgroundTask",
                                              "endBackgroundTask", "beginReceivingRemoteControlEvents",
                                              "endReceivingRemoteControlEvents", "terminate", "activate", "hide", "unhide",
                                              "setActivationPolicy", "requestUserAttention", "orderFrontStandardAboutPanel",
                                              "endEditing", "present", "dismiss", "makeKeyAndVisible", "setMinimumBackgroundFetchInterval"])
    static let userNotifications = Verbs(prefixes: ["add", "remove", "requestAuthorization", "setNotificationCategories", "setBadgeCount"])
    static let anyCall = Verbs(prefixes: [], anyCall: true)
    static let pasteboard = Verbs(prefixes: ["set", "addItems", "clearContents", "writeObjects", "declareTypes", "prepareForNewContents"])
    static let widgets = Verbs(prefixes: ["reloadAllTimelines", "reloadTimelines", "invalidateConfigurationRecommendations"])
    static let device = Verbs(prefixes: ["setValue", "beginGeneratingDeviceOrientationNotifications",
                                         "endGeneratingDeviceOrientationNotifications", "playInputClick"])
    static let audioSession = Verbs(prefixes: ["set", "overrideOutputAudioPort", "requestRecordPermission"])
    static let haptics = Verbs(prefixes: ["impactOccurred", "notificationOccurred", "selectionChanged"], assignment: false)
    static let review = Verbs(prefixes: ["requestReview"], assignment: false)
    static let accessibility = Verbs(prefixes: ["post"], assignment: false)
    /// Any other `X.shared` / `X.standard` / `X.default` / `X.sharedInstance()`: an effect verb.
    static let singleton = Verbs(prefixes: ["set", "save", "delete", "remove", "post", "send", "track", "play", "stop", "start",
                                            "pause", "resume", "open", "write", "update", "insert", "clear", "reset", "register",
                                            "unregister", "request", "schedule", "show", "present", "dismiss", "trigger", "impact",
                                            "vibrate", "upload", "download", "sync", "store", "add", "enqueue", "cancel", "fire",
                                            "notify", "record", "activate", "deactivate", "login", "logout", "signIn", "signOut",
                                            "purchase", "restore", "reload", "invalidate", "connect", "disconnect", "subscribe",
                                            "unsubscribe", "flush", "persist", "speak", "submit", "mark", "increment", "decrement",
                                            "toggle", "append", "put"])
    /// Writes on a receiver named like a store (`database`, `keychain`, `db`, `realm`).
    static let storage = Verbs(prefixes: ["put", "save", "insert", "update", "delete", "remove", "set", "write", "upsert",
                                          "store", "add", "clear", "create", "drop", "execute"], assignment: false)
    /// An app's own wrapper of `UserDefaults` (`UserDefaultsManager.isFirst = false`, `AppUserDefaults.shared.save(…)`):
    /// a write to its properties persists.
    static let userDefaultsWrapper = Verbs(prefixes: userDefaults.prefixes.union(storage.prefixes))
    /// A Core Data / SwiftData context.
    static let context = Verbs(prefixes: ["save", "insert", "delete"], assignment: false)

    /// `Type.member` receivers with their effects. `nil` member: the type itself (`UIAccessibility.post`).
    static let typeReceivers: [String: [(member: String?, verbs: Verbs)]] = [
        "UserDefaults": [("standard", userDefaults)],
        "FileManager": [("default", fileManager)],
        "NotificationCenter": [("default", notificationCenter)],
        "DistributedNotificationCenter": [("default", notificationCenter)],
        "UIApplication": [("shared", application)],
        "NSApplication": [("shared", application)],
        "UNUserNotificationCenter": [("current", userNotifications)],
        "URLSession": [("shared", anyCall)],
        "UIPasteboard": [("general", pasteboard)],
        "NSPasteboard": [("general", pasteboard)],
        "WidgetCenter": [("shared", widgets)],
        "UIDevice": [("current", device)],
        "AVAudioSession": [("sharedInstance", audioSession)],
        "UIAccessibility": [(nil, accessibility)],
        "SKStoreReviewController": [(nil, review)],
        "AppStore": [(nil, review)],
    ]
    /// Receivers created on the spot: `UserDefaults(suiteName:)`, `UIImpactFeedbackGenerator(style:)`.
    static let constructedReceivers: [String: Verbs] = [
        "UserDefaults": userDefaults,
        "UIImpactFeedbackGenerator": haptics,
        "UINotificationFeedbackGenerator": haptics,
        "UISelectionFeedbackGenerator": haptics,
    ]
    static let singletonMembers: Set<String> = ["shared", "standard", "default", "sharedInstance"]
    static let systemCalls: Set<String> = ["SecItemAdd", "SecItemUpdate", "SecItemDelete"]
    static let dispatchMethods: Set<String> = ["async", "asyncAfter", "sync", "asyncAndWait"]
    /// Dispatch methods that return before the work runs (`sync` and `asyncAndWait` run it before returning).
    static let schedulingDispatchMethods: Set<String> = ["async", "asyncAfter"]

    /// The side-effecting call starting at token j, if any.
    static func match(at j: Int, limit: Int, code: CodeTokens) -> Match? {
        guard code.tokens[j].kind == .identifier, !code.isDot(j - 1) || code.is(j - 2, "self") else { return nil }
        let name = code.text(j)
        if let task = UnstructuredTasks.at(j, limit: limit, code: code) {
            return Match(start: j, end: task.close, shown: task.isDetached ? "Task.detached { … }" : "Task { … }", schedulesWork: true)
        }
        if systemCalls.contains(name), code.isPunct(j + 1, .lparen), !code.isDot(j - 1) {
            return Match(start: j, end: code.skipGroup(j + 1, limit: limit) - 1, shown: "\(name)(…)")
        }
        if name == "DispatchQueue" { return dispatch(at: j, limit: limit, code: code) }
        if name == "NSApp" { return chain(from: j, receiverEnd: j, verbs: application, limit: limit, code: code) }
        if let receivers = typeReceivers[name] {
            for (member, verbs) in receivers {
                guard let member else { return chain(from: j, receiverEnd: j, verbs: verbs, limit: limit, code: code) }
                guard code.isDot(j + 1), j + 2 < limit, code.text(j + 2) == member else { continue }
                var end = j + 2
                if code.isPunct(end + 1, .lparen), let c = code.partnerOf(end + 1), c > end { end = c }
                return chain(from: j, receiverEnd: end, verbs: verbs, limit: limit, code: code)
            }
        }
        if let verbs = constructedReceivers[name], code.isPunct(j + 1, .lparen), let c = code.partnerOf(j + 1), c > j {
            return chain(from: j, receiverEnd: c, verbs: verbs, limit: limit, code: code)
        }
        if code.startsUppercase(j), code.isDot(j + 1), j + 2 < limit, singletonMembers.contains(code.text(j + 2)) {
            var end = j + 2
            if code.isPunct(end + 1, .lparen), code.isPunct(end + 2, .rparen) { end += 2 }
            return chain(from: j, receiverEnd: end, verbs: singleton, limit: limit, code: code)
        }
        var named: Match?
        if ASCIISearch.contains(name, "database", ignoringCase: true) || ASCIISearch.contains(name, "keychain", ignoringCase: true)
            || name == "db" || name == "realm" {
            named = chain(from: j, receiverEnd: j, verbs: storage, limit: limit, code: code)
        } else if code.startsUppercase(j), name != "UserDefaults", ASCIISearch.contains(name, "UserDefaults") {
            named = chain(from: j, receiverEnd: j, verbs: userDefaultsWrapper, limit: limit, code: code)
        } else if name.hasSuffix("Context") || name == "context" {
            named = chain(from: j, receiverEnd: j, verbs: context, limit: limit, code: code)
        }
        if var named {
            named.isNamedStore = true
            return named
        }
        return nil
    }

    /// `DispatchQueue.main.async…`, `DispatchQueue.global(qos:).async…`, `DispatchQueue(label:).async…`.
    private static func dispatch(at j: Int, limit: Int, code: CodeTokens) -> Match? {
        var k = j + 1
        if code.isPunct(k, .lparen) { k = code.skipGroup(k, limit: limit) } else if code.isDot(k), code.isNameLike(k + 1) {
            k += 2
            if code.isPunct(k, .lparen) { k = code.skipGroup(k, limit: limit) }
        } else {
            return nil
        }
        guard code.isDot(k), k + 1 < limit, dispatchMethods.contains(code.text(k + 1)) else { return nil }
        let end = chainEnd(from: k, limit: limit, code: code)
        return Match(start: j, end: end, shown: code.shownText(from: j, through: k + 1) + callSuffix(after: k + 1, code: code),
                     schedulesWork: schedulingDispatchMethods.contains(code.text(k + 1)))
    }

    /// How a message shows the call after the name at `name`: `(…)` for arguments, `()` for none, then
    /// ` { … }` for a trailing closure (`asyncAfter(…) { … }`, `deleteToken()`, `async { … }`).
    static func callSuffix(after name: Int, code: CodeTokens) -> String {
        var suffix = ""
        var k = name + 1
        if code.isPunct(k, .lparen), let close = code.partnerOf(k), close > k {
            suffix = close == k + 1 ? "()" : "(…)"
            k = close + 1
        }
        if code.isPunct(k, .lbrace) && !code.newlineBefore[k] { suffix += " { … }" }
        return suffix.isEmpty ? "(…)" : suffix
    }

    /// Follows the member chain after the receiver (`.a?.b(…)[i]!.c`) and matches its first effect call,
    /// or an assignment to its last member.
    private static func chain(from start: Int, receiverEnd: Int, verbs: Verbs, limit: Int, code: CodeTokens) -> Match? {
        var k = receiverEnd + 1
        var lastMember: Int? = nil
        while k < limit {
            if code.isDot(k), k + 1 < limit, code.isNameLike(k + 1) {
                let member = k + 1
                if code.isPunct(member + 1, .lparen) || code.isPunct(member + 1, .lbrace) {
                    if verbs.anyCall || isVerb(code.text(member), verbs.prefixes) {
                        let end = chainEnd(from: k, limit: limit, code: code)
                        return Match(start: start, end: end, shown: code.shownText(from: start, through: member) + callSuffix(after: member, code: code))
                    }
                }
                lastMember = member
                k += 2
                continue
            }
            if code.isPunct(k, .lparen) || code.isPunct(k, .lbracket) { k = code.skipGroup(k, limit: limit); continue }
            if code.isOptionalMark(k) && code.tokens[k].start == code.tokens[k - 1].end { k += 1; continue }
            break
        }
        if verbs.assignment, let lastMember, k < limit, code.tokens[k].kind == .operator, isAssignment(k, code: code) {
            let end = code.statementEnd(from: k, limit: limit) - 1
            return Match(start: start, end: max(end, k), shown: code.shownText(from: start, through: lastMember) + " = …")
        }
        return nil
    }

    /// Last token of the call chain that continues at k (arguments, trailing closures, further members).
    private static func chainEnd(from k: Int, limit: Int, code: CodeTokens) -> Int {
        var j = k
        var last = k
        while j < limit {
            if code.isDot(j), code.isNameLike(j + 1) { last = j + 1; j += 2; continue }
            if code.isPunct(j, .lparen) || code.isPunct(j, .lbracket) || (code.isPunct(j, .lbrace) && !code.newlineBefore[j]) {
                let next = code.skipGroup(j, limit: limit)
                last = next - 1
                j = next
                continue
            }
            break
        }
        return last
    }

    private static func isAssignment(_ k: Int, code: CodeTokens) -> Bool {
        for op in ["=", "+=", "-=", "*=", "/=", "||=", "&&="] as [StaticString] where code.is(k, op) { return true }
        return false
    }

    /// `name` is `verb` or starts with `verb` followed by an uppercase letter (`setValue`, not `settings`).
    static func isVerb(_ name: String, _ prefixes: Set<String>) -> Bool {
        if prefixes.contains(name) { return true }
        let chars = Array(name.utf8)
        var i = 1
        while i < chars.count {
            if chars[i] >= UInt8(ascii: "A") && chars[i] <= UInt8(ascii: "Z") {
                if prefixes.contains(String(decoding: chars[0..<i], as: UTF8.self)) { return true }
            }
            i += 1
        }
        return false
    }
}
