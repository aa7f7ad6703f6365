// One chunk for the variant route's two forms (ops or an instruction), which share most of their code.
export { createVariantFromInstruction } from "../domain/use-cases/create-variant-from-instruction";
export { createVariantFromOps } from "../domain/use-cases/create-variant-from-ops";
