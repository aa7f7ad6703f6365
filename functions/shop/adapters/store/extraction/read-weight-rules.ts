import { parsePackSize } from "../../../domain/packs/parse-pack-size";
import { parsePositiveQuantity } from "./parse-quantity";
import type { RawRecordReader } from "./raw-record-reader";

/**
 * Items sold by weight: the price text ends in `/Kg` (`.auc-avgWeight`) or the quantity selector says
 * `data-unit-measure="KG"`; "Quant. Mínima = 250g" gives the minimum and `data-step-quantity` the step.
 */
export interface WeightRules {
  soldByWeight: boolean;
  minimumQuantityKg?: number;
  quantityStepKg?: number;
}

export const readWeightRules = (reader: RawRecordReader): WeightRules => {
  const perKgMarker = reader.text("perKgMarker");
  const unitMeasure = reader.text("unitMeasure");
  const soldByWeight = /kg/i.test(perKgMarker ?? "") || unitMeasure?.toUpperCase() === "KG";
  if (!soldByWeight) return { soldByWeight };
  return {
    soldByWeight,
    minimumQuantityKg: reader.parsed("avgWeight", (text) => parsePackSize(text)?.totals.kg ?? null),
    quantityStepKg: reader.parsed("stepQuantity", parsePositiveQuantity),
  };
};
