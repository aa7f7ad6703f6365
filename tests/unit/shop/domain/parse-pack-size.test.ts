import { describe, expect, it } from "vitest";
import { parsePackSize } from "../../../../functions/shop/domain/packs/parse-pack-size";

describe("parsePackSize (sizes and packs as written in Auchan.pt names)", () => {
  it.each([
    ["leite auchan uht meio gordo slim 1l", "1l", { l: 1 }, 1],
    ["azeite virgem extra gallo 3 L", "3 L", { l: 3 }, 1],
    ["natas para culinária 500ML", "500ML", { l: 0.5 }, 1],
    ["coca-cola 33CL", "33CL", { l: 0.33 }, 1],
    ["arroz carolino 1,5KG", "1,5KG", { kg: 1.5 }, 1],
    ["atum em óleo 126G", "126G", { kg: 0.126 }, 1],
    ["bolacha maria 250GR", "250GR", { kg: 0.25 }, 1],
    ["leite meio gordo 6X1L", "6X1L", { l: 6 }, 6],
    ["sumo de laranja 4X200ML", "4X200ML", { l: 0.8 }, 4],
    ["cerveja super bock 6X0.50L", "6X0.50L", { l: 3 }, 6],
    ["cerveja sagres 6 x 33cl", "6 x 33cl", { l: 1.98 }, 6],
    ["guardanapos 2X25UN", "2X25UN", { un: 50 }, 2],
    ["cápsulas de café 10UN 350G", "10UN 350G", { un: 10, kg: 0.35 }, 1],
    ["ovos classe m 12 UNID", "12 UNID", { un: 12 }, 1],
    ["ovos de galinha criados no solo dúzia", "dúzia", { un: 12 }, 1],
    ["ovos classe l meia dúzia", "meia dúzia", { un: 6 }, 1],
    ["ovos frescos DZ", "DZ", { un: 12 }, 1],
    ["detergente roupa líquido 40 doses", "40 doses", { dose: 40 }, 1],
    ["papel higiénico 12 rolos", "12 rolos", { un: 12 }, 1],
    ["vinho do porto 5DL", "5DL", { l: 0.5 }, 1],
    ["lixívia 2LT", "2LT", { l: 2 }, 1],
    ["guardanapos 100 UDS", "100 UDS", { un: 100 }, 1],
    ["ovos classe m 2 DZ", "2 DZ", { un: 24 }, 1],
  ])("reads %j", (name, text, totals, packCount) => {
    expect(parsePackSize(name)).toEqual({ text, totals, packCount });
  });

  it("reads nothing from names without a size, including items sold by weight", () => {
    expect(parsePackSize("banana da madeira kg")).toBeNull();
    expect(parsePackSize("fiambre da pá auchan fatias")).toBeNull();
  });

  it("does not take brand or percentage digits for sizes", () => {
    expect(parsePackSize("refrigerante 7up 1,5l")?.totals).toEqual({ l: 1.5 });
    expect(parsePackSize("leite magro 0,1% 1l")?.totals).toEqual({ l: 1 });
    expect(parsePackSize("iogurte 0% gordura")).toBeNull();
  });

  it("reads non-breaking spaces like plain ones", () => {
    expect(parsePackSize("água 6\u00a0x\u00a01,5\u00a0l")?.totals).toEqual({ l: 9 });
  });
});
