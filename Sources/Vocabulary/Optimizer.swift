import FolioCore
import Foundation

/// How well some weights predict recall on reviews they were not fitted to.
public struct OptimizerEvaluation: Sendable, Hashable, Codable {
    /// Mean binary cross-entropy between predicted retrievability and recall (1 unless the
    /// rating was Again), in nats, as py-fsrs's optimiser computes its loss. Lower is better.
    public var logLoss: Double
    /// Root mean square of (recall − predicted retrievability) over the reviews, unbinned.
    /// (py-fsrs reports no RMSE; the binned RMSE of fsrs-rs's benchmark groups reviews by
    /// interval and needs far more reviews than one learner has to fill its bins.)
    public var rmse: Double
    /// The reviews evaluated.
    public var reviewCount: Int

    public init(logLoss: Double, rmse: Double, reviewCount: Int) {
        self.logLoss = logLoss
        self.rmse = rmse
        self.reviewCount = reviewCount
    }
}

/// What fitting found.
public struct OptimizerResult: Sendable, Hashable, Codable {
    /// The fitted weights, or the defaults when there was not enough history.
    public var parameters: SchedulerParameters
    /// Reviews whose outcome the model predicts (see `Optimizer.reviewCount`).
    public var reviewCount: Int
    /// Whether there were at least `Optimizer.minimumReviews`; if not, nothing was fitted.
    public var enoughHistory: Bool
    /// The default weights on the held-out reviews; nil when nothing was fitted.
    public var before: OptimizerEvaluation?
    /// The fitted weights on the same held-out reviews; nil when nothing was fitted. With a
    /// short history or a learner close to the defaults this can be the worse of the two, and
    /// keeping the defaults is then the better choice.
    public var after: OptimizerEvaluation?
}

/// Fits FSRS-6's 21 weights to one learner's reviews, as py-fsrs's `Optimizer` does: every
/// review a day or more after the card's last is a sample, predicting recall from the
/// retrievability of the card's memory as the model replays its history; the weights descend the
/// mean log loss of those predictions with Adam, in mini-batches of reviews, and are held inside
/// FSRS-6's bounds after every step. From fsrs-rs it takes two things py-fsrs lacks: a first fit
/// of w0–w3 (`InitialStability`) and a gentle pull towards the starting weights.
///
/// A fifth of the cards are held out of the fit, chosen by the seed, so that `before` and `after`
/// tell the learner how much better the fitted weights predict reviews they have not seen. The
/// weights returned are the ones fitted on the other four fifths: the figures shown are then
/// exactly those of the weights the learner would use.
public struct Optimizer<CardID: Hashable & Comparable & Sendable>: Sendable {
    /// Below this many predicted reviews (the whole history, held-out cards included) the
    /// defaults are kept. It is py-fsrs's threshold, one mini-batch, so a learner meets the same
    /// rule as in other FSRS apps, and the measurements agree (`folio-bench optimizer minimum`,
    /// twelve simulated learners, gains in log loss on fresh reviews): at 200 reviews fitting
    /// gained nothing on average (−0.0003 nats), from 400 to 1,000 it gained 0.002–0.004 nats,
    /// a quarter to two-fifths of what the true weights gain, and only from about 2,000 did it
    /// help nearly every learner (10 of 12, the worst losing 0.0008). At 512 the held-out fifth
    /// is also about 100 reviews, the fewest whose before-and-after figures mean much.
    public static var minimumReviews: Int { 512 }

    /// Epochs, mini-batch size and learning rate are py-fsrs's (5, 512, 0.04): the aim is to
    /// reach the log loss py-fsrs reaches on the same reviews. With about 500 reviews an epoch,
    /// 5 epochs make few steps, so a small history moves the weights only a little from the
    /// defaults; a large one gets more steps, but never more than linear work.
    static var epochs: Int { 5 }
    static var batchSize: Int { 512 }
    static var learningRate: Double { 0.04 }
    /// The share of cards held out to evaluate the fit.
    static var heldOutShare: Double { 0.2 }
    /// fsrs-rs adds to each batch's loss a pull towards the starting weights,
    /// γ·(batch / reviews)·Σ((w − w₀)/σ)², σ being how much each weight varies between learners,
    /// so that it fades as the history grows. fsrs-rs's γ is 1; measured on twelve simulated
    /// learners (`folio-bench optimizer minimum`), γ = 1 halved the mean gain on fresh reviews at
    /// 8,000 reviews (+0.0085 → +0.0037 nats), while γ = 0.1 kept most of it (+0.0077) and still
    /// lifted the worst learner's from −0.0025 to −0.0004 nats (at 2,000 reviews from −0.0058 to
    /// −0.0008): fitting then rarely leaves a learner worse off than the defaults.
    static var pullStrength: Double { 0.1 }
    /// fsrs-rs's σ for each weight (`PARAMS_STDDEV`).
    static var spread: [Double] {
        [6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25, 1.03, 0.31,
         0.32, 0.14, 0.27]
    }

    /// The cards whose reviews are held out of the fit and evaluated on.
    public let heldOutCards: Set<CardID>
    /// Predicted reviews across all cards: those a day or more after the card's previous review,
    /// among each card's first 64.
    public let reviewCount: Int

    private let training: [ReplayedCard]
    private let heldOut: [ReplayedCard]
    private let seed: UInt64
    private let requiredReviews: Int

    /// `reviews` holds each card's review logs; their order does not matter. The same reviews
    /// and seed give the same split and the same fitted weights. `minimumReviews` is there for
    /// measuring what smaller histories give; a learner should be held to the default.
    public init(reviews: [CardID: [ReviewLog]], seed: UInt64 = 42, minimumReviews: Int = Optimizer.minimumReviews) {
        let ids = reviews.keys.sorted()
        var generator = SeededRandom.stream(0x5B1, of: seed)
        let heldOutCount = ids.count < 2 ? 0 : max(1, Int((Double(ids.count) * Self.heldOutShare).rounded()))
        let heldOutIDs = Set(ids.shuffled(using: &generator).prefix(heldOutCount))
        var training: [ReplayedCard] = []
        var heldOut: [ReplayedCard] = []
        for id in ids {
            let card = ReplayedCard(reviews[id] ?? [])
            if heldOutIDs.contains(id) { heldOut.append(card) } else { training.append(card) }
        }
        self.heldOutCards = heldOutIDs
        self.training = training
        self.heldOut = heldOut
        self.seed = seed
        requiredReviews = minimumReviews
        reviewCount = (training + heldOut).reduce(0) { $0 + $1.predictedCount }
    }

    public var enoughHistory: Bool { reviewCount >= requiredReviews }

    /// `parameters` on the held-out reviews; nil when there are none.
    public func evaluate(_ parameters: SchedulerParameters) -> OptimizerEvaluation? {
        Self.evaluation(of: parameters.weights, on: heldOut)
    }

    /// Fits the weights, or returns the defaults when there is not enough history. The work is
    /// linear in the reviews: a fixed number of passes over them. Throws `CancellationError`
    /// when the task is cancelled, which is checked after every mini-batch.
    public func fit() async throws -> OptimizerResult {
        // A fit is pure arithmetic (about 30 ms for 10,000 reviews in a release build, longer for
        // a long history); giving way between batches keeps it from holding a thread of the
        // shared pool for all of that time. The server runs it on a thread of its own instead
        // (`fit(isCancelled:)`).
        await Task.yield()
        return try fit { Task.isCancelled }
    }

    /// The same fit, for a thread of its own: `isCancelled` is asked after every mini-batch,
    /// and true throws `CancellationError`.
    public func fit(isCancelled: () -> Bool) throws -> OptimizerResult {
        guard enoughHistory else {
            return OptimizerResult(parameters: .standard, reviewCount: reviewCount, enoughHistory: false,
                                   before: nil, after: nil)
        }
        let fitted = try fittedWeights(isCancelled: isCancelled)
        let parameters = SchedulerParameters(clamping: fitted)
        return OptimizerResult(parameters: parameters, reviewCount: reviewCount, enoughHistory: true,
                               before: evaluate(.standard), after: evaluate(parameters))
    }

    /// fsrs-rs's pre-training of w0–w3, then py-fsrs's training loop with fsrs-rs's pull towards
    /// the starting weights. Each epoch visits the training cards in a new shuffled order and
    /// replays each card from its first review; every `batchSize` predicted reviews, the summed
    /// gradient of their losses moves the weights. A card cut by a batch boundary carries on with
    /// the new weights from the memory the old ones gave it, its derivatives reset (py-fsrs
    /// detaches it). After each epoch the weights, with w0–w3 put back in order as the
    /// pre-training leaves them, are scored on all training reviews and the best kept. The
    /// defaults and the pre-trained start are scored too, so the fit never does worse on the
    /// learner's own reviews than not fitting.
    private func fittedWeights(isCancelled: () -> Bool) throws -> [Double] {
        let sampleCount = training.reduce(0) { $0 + $1.predictedCount }
        let batchesPerEpoch = (sampleCount + Self.batchSize - 1) / Self.batchSize
        var adam = Adam(count: WeightGradient.count, initialLearningRate: Self.learningRate,
                        totalSteps: batchesPerEpoch * Self.epochs)
        var weights = SchedulerParameters.standard.weights
        var best = (weights: weights, loss: Self.evaluation(of: weights, on: training)?.logLoss ?? .infinity)
        let initial = InitialStability.fitted(to: training)
        /// Ratings no card began with get no gradient; they are filled from the others again.
        func ordered(_ weights: [Double]) -> [Double] {
            guard let initial else { return weights }
            let fitted = (0..<4).map { initial.counts[$0] > 0 ? weights[$0] : nil }
            return InitialStability.completed(fitted, counts: initial.counts) + weights[4...]
        }
        if let initial {
            weights.replaceSubrange(0..<4, with: initial.stabilities)
            if let loss = Self.evaluation(of: weights, on: training)?.logLoss, loss < best.loss {
                best = (weights, loss)
            }
        }
        let start = weights
        /// The batch's summed gradient (py-fsrs sums its reviews' losses) plus the pull, scaled
        /// by the batch's size to keep fsrs-rs's balance, where the losses are averaged.
        func pulled(_ gradient: WeightGradient, reviews: Int) -> [Double] {
            let scale = Double(reviews) * Self.pullStrength * Double(reviews) / Double(sampleCount)
            return weights.indices.map {
                gradient[$0] + scale * 2 * (weights[$0] - start[$0]) / (Self.spread[$0] * Self.spread[$0])
            }
        }
        var generator = SeededRandom.stream(0x0E9, of: seed)
        var order = Array(training.indices)

        for _ in 0..<Self.epochs {
            order.shuffle(using: &generator)
            var model = Self.differentiableModel(weights)
            var gradient = WeightGradient.zero
            var inBatch = 0
            for cardIndex in order {
                var memory: MemoryState<Dual>?
                for step in training[cardIndex].steps {
                    if step.isPredicted, let memory, let days = step.elapsedDays {
                        let predicted = model.retrievability(elapsedDays: days, stability: memory.stability)
                        gradient.add(LogLoss.derivative(predicted.value, recalled: step.recalled), predicted.gradient)
                        inBatch += 1
                    }
                    memory = model.afterReview(memory, elapsedDays: step.elapsedDays, rating: step.rating)
                    if inBatch == Self.batchSize {
                        try update(&weights, adam: &adam, gradient: pulled(gradient, reviews: inBatch), isCancelled: isCancelled)
                        model = Self.differentiableModel(weights)
                        memory = memory.map { MemoryState(stability: $0.stability.detached, difficulty: $0.difficulty.detached) }
                        gradient = .zero
                        inBatch = 0
                    }
                }
            }
            if inBatch > 0 {
                try update(&weights, adam: &adam, gradient: pulled(gradient, reviews: inBatch), isCancelled: isCancelled)
            }
            let candidate = ordered(weights)
            if let loss = Self.evaluation(of: candidate, on: training)?.logLoss, loss < best.loss {
                best = (candidate, loss)
            }
        }
        return best.weights
    }

    private func update(_ weights: inout [Double], adam: inout Adam, gradient: [Double], isCancelled: () -> Bool) throws {
        if isCancelled() { throw CancellationError() }
        adam.step(&weights, gradient: gradient)
        weights = SchedulerParameters(clamping: weights).weights
    }

    private static func differentiableModel(_ weights: [Double]) -> MemoryModel<Dual> {
        MemoryModel(weights: weights.indices.map { Dual.weight($0, weights[$0]) })
    }

    static func evaluation(of weights: [Double], on cards: [ReplayedCard]) -> OptimizerEvaluation? {
        let model = MemoryModel(weights: weights)
        var loss = 0.0, squares = 0.0, count = 0
        for card in cards {
            card.predictions(by: model) { retrievability, recalled in
                loss += LogLoss.of(retrievability, recalled: recalled)
                let error = (recalled ? 1 : 0) - retrievability
                squares += error * error
                count += 1
            }
        }
        guard count > 0 else { return nil }
        return OptimizerEvaluation(logLoss: loss / Double(count), rmse: (squares / Double(count)).squareRoot(),
                                   reviewCount: count)
    }
}
