//===- CountingRules.cpp - Rules that serve whole op families -------------===//

#include "mlsysim/Interfaces/CountingRules.h"

#include "mlsysim/Interfaces/DistinctElements.h"
#include "mlsysim/Interfaces/PayloadCounting.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/CallInterfaces.h"

using namespace mlsysim;
using namespace mlir;

StringRef mlsysim::getDynamicShapeReason() {
  return "dynamic shape (bind dynamic sizes with the option dynamic-dim=N)";
}

static OpCost unknownElementSize(Type type) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  os << "element type " << type << " has no storage size";
  return OpCost::unmodeled(reason);
}

OpCost mlsysim::addPayloadWork(OpCost cost, const PayloadCounts &payload,
                               Count iterations) {
  if (payload.unknownOp) {
    // An op with regions or a call may do any amount of work: no estimate
    // is defensible. Anything else (an assertion, a gather the frontend
    // spelled its own way) is left out of the count, and the op is priced
    // by its traffic and the ops it knows.
    Operation *unknown = payload.unknownOp;
    std::string name = unknown->getName().getStringRef().str();
    if (unknown->getNumRegions() != 0 || isa<CallOpInterface>(unknown))
      return OpCost::unmodeled("payload op '" + name +
                               "' has no counting rule and may do any amount "
                               "of work");
    cost.approximate = true;
    cost.reason = "payload op '" + name +
                  "' has no counting rule: priced by its traffic and the ops "
                  "it knows";
  }
  cost.addWork(payload, iterations);
  return cost;
}

/// The product of the ranges of `loops`.
static double extentOf(ArrayRef<unsigned> loops, ArrayRef<int64_t> ranges) {
  double extent = 1.0;
  for (unsigned loop : loops)
    if (loop < ranges.size())
      extent *= static_cast<double>(ranges[loop]);
  return extent;
}

/// The implicit GEMM of a convolution whose body is more than a
/// multiply-add (a quantized convolution subtracts zero points, so the
/// upstream classifier rejects it), from the maps of its image, filter and
/// output: M = batch x output image, N = output channels, K = input
/// channels x filter window, with channels in all three (depthwise) as the
/// batch of GEMMs. Fails without input channels, as the upstream path does.
static std::optional<MatrixShape>
inferConvolutionShape(AffineMap image, AffineMap filter, AffineMap output,
                      ArrayRef<utils::IteratorType> iterators,
                      ArrayRef<int64_t> ranges) {
  auto direct = [](AffineMap map, unsigned loop) {
    return llvm::any_of(map.getResults(), [&](AffineExpr expr) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      return dim && dim.getPosition() == loop;
    });
  };
  auto windowed = [](AffineMap map, unsigned loop) {
    return llvm::any_of(map.getResults(), [&](AffineExpr expr) {
      return !isa<AffineDimExpr>(expr) && expr.isFunctionOfDim(loop);
    });
  };
  SmallVector<unsigned> depth, batch, outputImage, outputChannel, inputChannel,
      window;
  for (auto [loop, iterator] : llvm::enumerate(iterators)) {
    bool inImage = direct(image, loop) || windowed(image, loop);
    bool inFilter = direct(filter, loop);
    if (iterator == utils::IteratorType::parallel) {
      if (!direct(output, loop))
        return std::nullopt;
      if (inImage && inFilter)
        depth.push_back(loop);
      else if (inFilter)
        outputChannel.push_back(loop);
      else if (windowed(image, loop))
        outputImage.push_back(loop);
      else if (inImage)
        batch.push_back(loop);
    } else if (inImage && inFilter) {
      (windowed(image, loop) ? window : inputChannel).push_back(loop);
    }
  }
  if (outputImage.empty() || window.empty() || inputChannel.empty())
    return std::nullopt;
  llvm::append_range(inputChannel, window);
  return MatrixShape{extentOf(depth, ranges),
                     extentOf(batch, ranges) * extentOf(outputImage, ranges),
                     extentOf(outputChannel, ranges),
                     extentOf(inputChannel, ranges)};
}

/// Whether the op's arithmetic runs on the matrix unit: contractions and
/// convolutions that reduce over input channels (depthwise convolutions and
/// pooling run on the vector unit). Sets `shape` to the matrix problem.
static bool
usesMatrixUnit(linalg::LinalgOp op, ArrayRef<AffineMap> maps,
               ArrayRef<int64_t> ranges, const PayloadCounts &payload,
               std::optional<MatrixShape> &shape,
               std::optional<linalg::ContractionDimensions> &contraction) {
  // Contraction and convolution bodies multiply-accumulate; without a MAC
  // (elementwise ops, pooling) the classifiers need not run.
  if (payload.macs.isZero() && payload.intMacs.isZero())
    return false;
  auto fromContraction = [&](const linalg::ContractionDimensions &dims) {
    shape = MatrixShape{extentOf(dims.batch, ranges), extentOf(dims.m, ranges),
                        extentOf(dims.n, ranges), extentOf(dims.k, ranges)};
    contraction = dims;
  };
  if (linalg::isaContractionOpInterface(op)) {
    if (FailureOr<linalg::ContractionDimensions> dims =
            linalg::inferContractionDims(op);
        succeeded(dims))
      fromContraction(*dims);
    return true;
  }
  // Named quantized convolutions claim the interface, but the upstream
  // inference wants two inputs: they take the map-based path below.
  FailureOr<linalg::ConvolutionDimensions> dims = failure();
  if (linalg::isaConvolutionOpInterface(op) &&
      succeeded(dims = linalg::inferConvolutionDims(op))) {
    if (dims->inputChannel.empty())
      return false;
    SmallVector<unsigned> k(dims->inputChannel.begin(),
                            dims->inputChannel.end());
    llvm::append_range(k, dims->filterLoop);
    shape = MatrixShape{
        extentOf(dims->depth, ranges),
        extentOf(dims->batch, ranges) * extentOf(dims->outputImage, ranges),
        extentOf(dims->outputChannel, ranges), extentOf(k, ranges)};
    return true;
  }
  // Contractions whose body is more than a multiply-add (quantized matmuls
  // subtract zero points). Scalar operands (zero points) have empty maps:
  // infer the contraction from the two shaped inputs and the accumulator.
  SmallVector<AffineMap> contractionMaps;
  for (OpOperand *input : op.getDpsInputOperands())
    if (isa<ShapedType>(input->get().getType()) && contractionMaps.size() < 2)
      contractionMaps.push_back(maps[input->getOperandNumber()]);
  if (contractionMaps.size() != 2 || op.getNumDpsInits() != 1)
    return false;
  contractionMaps.push_back(maps[op.getDpsInitOperand(0)->getOperandNumber()]);
  // A window (an input indexed by a sum of loops) makes it a quantized
  // convolution: the same implicit GEMM as its float form. The contraction
  // inference would read it as a GEMM over the channels alone.
  bool windowed = llvm::any_of(contractionMaps, [](AffineMap map) {
    return llvm::any_of(map.getResults(), [](AffineExpr expr) {
      return !isa<AffineDimExpr>(expr);
    });
  });
  if (windowed) {
    shape = inferConvolutionShape(contractionMaps[0], contractionMaps[1],
                                  contractionMaps[2],
                                  op.getIteratorTypesArray(), ranges);
    return shape.has_value();
  }
  FailureOr<linalg::ContractionDimensions> matmul =
      linalg::inferContractionDims(contractionMaps);
  if (failed(matmul) || matmul->k.empty() ||
      (matmul->m.empty() && matmul->n.empty()))
    return false;
  fromContraction(*matmul);
  return true;
}

FailureOr<SmallVector<int64_t>>
mlsysim::computeLoopRanges(linalg::LinalgOp op, ArrayRef<AffineMap> maps,
                           const CostContext &context, std::string *why) {
  // Loop ranges come from the operand shapes through the inverse of the
  // concatenated indexing maps, with dynamic sizes bound when asked.
  SmallVector<int64_t> allSizes;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    std::optional<SmallVector<int64_t>> shape =
        context.bindShape(operand.get());
    if (!shape) {
      if (why)
        *why = getDynamicShapeReason().str();
      return failure();
    }
    llvm::append_range(allSizes, *shape);
  }
  // Each loop's range is the size of the first operand dimension indexed by
  // that loop alone, which is what inversePermutation(concatAffineMaps(maps))
  // selects (getShapesToLoopsMap), without building new maps.
  unsigned numLoops = op.getNumLoops();
  SmallVector<int64_t> loopRanges(numLoops, ShapedType::kDynamic);
  unsigned position = 0;
  for (AffineMap map : maps) {
    for (AffineExpr expr : map.getResults()) {
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        if (dim.getPosition() < numLoops && position < allSizes.size() &&
            ShapedType::isDynamic(loopRanges[dim.getPosition()]))
          loopRanges[dim.getPosition()] = allSizes[position];
      ++position;
    }
  }
  if (llvm::any_of(loopRanges, ShapedType::isDynamic)) {
    if (why)
      *why = "loop ranges cannot be derived from the operand shapes";
    return failure();
  }
  return loopRanges;
}

LoopSpace mlsysim::getLoopSpace(linalg::LinalgOp op,
                                ArrayRef<int64_t> loopRanges) {
  LoopSpace space;
  for (auto [range, type] :
       llvm::zip_equal(loopRanges, op.getIteratorTypesArray())) {
    space.all *= static_cast<double>(range);
    (type == utils::IteratorType::parallel ? space.parallel : space.reduced) *=
        static_cast<double>(range);
  }
  return space;
}

/// The inputs of an op with reduction loops whose innermost dimension is a
/// parallel loop: consecutive reduction steps read them a row apart
/// (StridedOperand). `contraction` says which loops are a contraction's m
/// and n, when it is one.
static void findStridedOperands(
    linalg::LinalgOp op, ArrayRef<AffineMap> maps, ArrayRef<int64_t> ranges,
    const std::optional<linalg::ContractionDimensions> &contraction,
    const CostContext &context, SmallVectorImpl<StridedOperand> &strided) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (iterators.size() != ranges.size() ||
      !llvm::is_contained(iterators, utils::IteratorType::reduction))
    return;
  // Window ops (convolutions, pooling: an input indexed by a sum of loops)
  // are loop nests of their own, which their class's efficiency prices.
  if (llvm::any_of(maps, [](AffineMap map) {
        return llvm::any_of(map.getResults(), [](AffineExpr expr) {
          return !isa<AffineDimExpr, AffineConstantExpr>(expr);
        });
      }))
    return;
  auto isReduction = [&](unsigned loop) {
    return iterators[loop] == utils::IteratorType::reduction;
  };
  auto loopOf = [](AffineExpr expr) -> std::optional<unsigned> {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      return dim.getPosition();
    return std::nullopt;
  };
  double reductionExtent = 1.0;
  for (auto [loop, range] : llvm::enumerate(ranges))
    if (isReduction(loop))
      reductionExtent *= static_cast<double>(range);
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (!isa<ShapedType>(input->get().getType()))
      continue;
    AffineMap map = maps[input->getOperandNumber()];
    ArrayRef<AffineExpr> results = map.getResults();
    std::optional<unsigned> innermost =
        results.empty() ? std::nullopt : loopOf(results.back());
    if (!innermost || *innermost >= ranges.size() || isReduction(*innermost))
      continue; // A reduction innermost: each step reads the next element.
    // A step's stride: the elements of the dimensions inside the innermost
    // reduction dimension (none: the input is not reduced, a broadcast).
    std::optional<size_t> lastReduction;
    for (auto [position, expr] : llvm::enumerate(results))
      if (std::optional<unsigned> loop = loopOf(expr);
          loop && *loop < ranges.size() && isReduction(*loop))
        lastReduction = position;
    if (!lastReduction)
      continue;
    double strideElements = 1.0;
    bool plainRows = true;
    for (AffineExpr expr : results.drop_front(*lastReduction + 1)) {
      std::optional<unsigned> loop = loopOf(expr);
      plainRows &= loop && *loop < ranges.size();
      if (plainRows)
        strideElements *= static_cast<double>(ranges[*loop]);
    }
    if (!plainRows)
      continue; // A window or a constant: no plain row stride.
    // The rows of the buffer, not of the view: a strided memref (a subview,
    // a tile of mlsysim-fuse) says its stride; a tensor slice's rows are its
    // source's.
    Value source = input->get();
    int64_t sliceStep = 1;
    if (auto slice = source.getDefiningOp<tensor::ExtractSliceOp>();
        slice && slice.getSourceType().getRank() == slice.getType().getRank()) {
      ArrayRef<int64_t> steps = slice.getStaticStrides();
      sliceStep = *lastReduction < steps.size() ? steps[*lastReduction] : 1;
      source = slice.getSource();
    }
    if (auto memref = dyn_cast<MemRefType>(source.getType())) {
      SmallVector<int64_t> strides;
      int64_t offset;
      if (succeeded(memref.getStridesAndOffset(strides, offset)) &&
          *lastReduction < strides.size() &&
          !ShapedType::isDynamic(strides[*lastReduction]))
        strideElements = static_cast<double>(strides[*lastReduction]);
    } else if (auto tensor = dyn_cast<RankedTensorType>(source.getType());
               tensor && source != input->get() && tensor.hasStaticShape()) {
      strideElements = 1.0;
      for (int64_t size : tensor.getShape().drop_front(*lastReduction + 1))
        strideElements *= static_cast<double>(size);
    }
    if (!ShapedType::isDynamic(sliceStep) && sliceStep > 0)
      strideElements *= static_cast<double>(sliceStep);
    // The parallel loops that do not index it re-read it.
    double reread = 1.0;
    for (auto [loop, range] : llvm::enumerate(ranges))
      if (!isReduction(loop) && !map.isFunctionOfDim(loop))
        reread *= static_cast<double>(range);
    std::optional<uint64_t> bits = context.elementBits(input->get());
    std::optional<Count> bytes = context.bytesOf(input->get());
    if (!bits || !bytes)
      continue;
    double elementBytes = static_cast<double>(*bits) / 8.0;
    // A contraction's B (indexed by n) is re-read along m, its A along n.
    bool alongM =
        !contraction || llvm::is_contained(contraction->n, *innermost);
    strided.push_back({bytes->toDouble(), strideElements * elementBytes,
                       elementBytes, reread, reductionExtent, alongM});
  }
}

OpCost mlsysim::computeStructuredOpCost(linalg::LinalgOp op,
                                        const CostContext &context) {
  // The maps once: named ops rebuild them on every query.
  return computeStructuredOpCost(op, op.getIndexingMapsArray(), context);
}

OpCost mlsysim::computeStructuredOpCost(linalg::LinalgOp op,
                                        ArrayRef<AffineMap> maps,
                                        const CostContext &context) {
  std::string why;
  FailureOr<SmallVector<int64_t>> ranges =
      computeLoopRanges(op, maps, context, &why);
  if (failed(ranges))
    return OpCost::unmodeled(why);
  const SmallVector<int64_t> &loopRanges = *ranges;
  Count trips(1);
  for (int64_t range : loopRanges)
    trips *= Count(static_cast<uint64_t>(std::max<int64_t>(range, 0)));

  PayloadCounts payload = countPayload(*op.getBlock());
  OpCost cost = addPayloadWork(OpCost::free(), payload, trips);
  if (!cost.modeled)
    return cost;

  // Inputs: the distinct elements each indexing map touches; an input the
  // payload never reads (a pooling window) moves nothing.
  // The destination-style split once (each query builds the operand range).
  MutableOperandRange inits = op.getDpsInitsMutable();
  unsigned numInputs = op->getNumOperands() - inits.size();
  MutableArrayRef<OpOperand> inputs = op->getOpOperands().take_front(numInputs);
  for (OpOperand &inputOperand : inputs) {
    OpOperand *input = &inputOperand;
    Type type = input->get().getType();
    if (!isa<ShapedType>(type) || !op.payloadUsesValueFromOperand(input))
      continue;
    Type elementType = getElementTypeOrSelf(type);
    std::optional<uint64_t> bits = context.elementBits(input->get());
    if (!bits)
      return unknownElementSize(elementType);
    Count elements =
        countDistinctElements(maps[input->getOperandNumber()], loopRanges,
                              *context.bindShape(input->get()));
    cost.bytesRead += CostContext::bytesFor(elements, *bits);
  }
  // Inits: written in full; read too when the payload accumulates into them.
  for (OpOperand &init : inits) {
    std::optional<Count> bytes = context.bytesOf(init.get());
    if (!bytes)
      return unknownElementSize(getElementTypeOrSelf(init.get()));
    cost.bytesWritten += *bytes;
    if (op.payloadUsesValueFromOperand(&init))
      cost.bytesRead += *bytes;
  }
  // Gathers: elements extracted from tensors captured by the payload, at most
  // the whole tensor.
  for (auto [tensor, readsPerIteration] : payload.capturedReads) {
    std::optional<Count> size = context.numElements(tensor);
    std::optional<uint64_t> bits = context.elementBits(tensor);
    if (!size || !bits)
      return OpCost::unmodeled(getDynamicShapeReason());
    Count reads = trips * Count(readsPerIteration);
    cost.bytesRead += CostContext::bytesFor(
        reads.toDouble() < size->toDouble() ? reads : *size, *bits);
    cost.gathers.push_back({reads, *size, *bits});
  }

  cost.loopSpace = getLoopSpace(op, loopRanges);
  std::optional<linalg::ContractionDimensions> contraction;
  cost.matrixUnit = usesMatrixUnit(op, maps, loopRanges, payload,
                                   cost.matrixShape, contraction);
  findStridedOperands(op, maps, loopRanges, contraction, context,
                      cost.stridedOperands);
  if (cost.matrixUnit && !inputs.empty())
    cost.elementType = getElementTypeOrSelf(inputs.front().get().getType());
  else if (payload.computeType)
    cost.elementType = getElementTypeOrSelf(payload.computeType);
  else if (!inits.empty())
    cost.elementType = getElementTypeOrSelf((*inits.begin()).get().getType());
  return cost;
}

OpCost mlsysim::computeElementwiseOpCost(Operation *op,
                                         const CostContext &context) {
  ArithCost arith = classifyArithmetic(op);
  if (arith.kind == ArithKind::Unknown)
    return OpCost::unmodeled(
        ("no counting rule for '" + op->getName().getStringRef() + "'").str());
  if (!cast<ShapedType>(op->getResult(0).getType()).hasRank())
    return OpCost::unmodeled("unranked tensor: the shape is unknown");
  std::optional<Count> elements = context.numElements(op->getResult(0));
  if (!elements)
    return OpCost::unmodeled(getDynamicShapeReason());
  OpCost cost =
      computeDataMovementCost(op->getOperands(), op->getResults(), context);
  if (!cost.modeled)
    return cost;
  Count work = *elements * Count(arith.count);
  Count macs = *elements * Count(arith.macs);
  if (arith.kind == ArithKind::Float) {
    cost.flops = work;
    cost.macs = macs;
  } else if (arith.kind == ArithKind::Integer) {
    cost.intOps = work;
  } else if (arith.kind == ArithKind::Transcendental) {
    cost.transcendentals = work;
  }
  if (op->getNumOperands() > 0)
    cost.elementType = getElementTypeOrSelf(op->getOperand(0).getType());
  return cost;
}

OpCost mlsysim::computeElementAccessCost(Value container, bool write,
                                         const CostContext &context) {
  Type elementType = getElementTypeOrSelf(container);
  std::optional<uint64_t> bits = context.elementBits(container);
  if (!bits)
    return unknownElementSize(elementType);
  OpCost cost = OpCost::free();
  (write ? cost.bytesWritten : cost.bytesRead) =
      CostContext::bytesFor(Count(1), *bits);
  cost.elementType = elementType;
  cost.launchesKernel = false;
  return cost;
}

OpCost mlsysim::computeDataMovementCost(ValueRange reads, ValueRange writes,
                                        const CostContext &context) {
  OpCost cost = OpCost::free();
  for (auto [values, total] : {std::make_pair(reads, &cost.bytesRead),
                               std::make_pair(writes, &cost.bytesWritten)}) {
    for (Value value : values) {
      Type type = value.getType();
      if (!isa<ShapedType>(type))
        continue; // Scalars live in registers.
      std::optional<Count> bytes = context.bytesOf(value);
      if (!bytes)
        return context.numElements(value)
                   ? unknownElementSize(getElementTypeOrSelf(type))
                   : OpCost::unmodeled(getDynamicShapeReason());
      *total += *bytes;
      // No arithmetic to price: the type says what data moves.
      if (!cost.elementType)
        cost.elementType = getElementTypeOrSelf(type);
    }
  }
  return cost;
}
