import type { SignInOutcome } from "../../../functions/shop/adapters/store/browser/sign-in-page";
import type {
  ReadPageOptions,
  StoreFormRequest,
  StoreFormResponse,
  StoreSession,
} from "../../../functions/shop/adapters/store/browser/store-browser";
import type {
  PageSpec,
  RawPage,
  RawRecord,
  RawValue,
} from "../../../functions/shop/adapters/store/extraction/page-extraction";
import { auchanPtSelectorRegistry } from "../../../functions/shop/adapters/store/selectors/selector-registry";
import type { StoreToolContext } from "../../../functions/shop/adapters/store/tools/store-tool-context";
import type { StoreSessionCookie } from "../../../functions/shop/domain/store-account/store-account";

export const STORE_URL = new URL("http://store.test");

/** A raw record as the in-page extractor returns it: one value per field (its first source). */
export const rawRecord = (fields: Record<string, RawValue | undefined>): RawRecord =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, [value ?? null]]),
  );

export const rawPage = (page: Partial<RawPage> & { url: string }): RawPage => ({
  status: 200,
  values: {},
  lists: {},
  emptyMarker: null,
  ...page,
});

/** A StoreSession that answers pages and forms from functions, and records what it was asked. */
export class FakeStoreSession implements StoreSession {
  readonly visited: string[] = [];
  readonly readOptions: (ReadPageOptions | undefined)[] = [];
  readonly forms: StoreFormRequest[] = [];
  closed = false;

  constructor(
    private readonly answerPage: (url: URL, spec: PageSpec) => RawPage,
    private readonly answerForm: (request: StoreFormRequest) => StoreFormResponse = () => ({
      status: 200,
      body: '{"error":false,"quantityTotal":1}',
    }),
  ) {}

  async readPage(url: string, spec: PageSpec, options?: ReadPageOptions): Promise<RawPage> {
    this.visited.push(url);
    this.readOptions.push(options);
    return this.answerPage(new URL(url), spec);
  }

  async sendForm(request: StoreFormRequest): Promise<StoreFormResponse> {
    this.forms.push(request);
    return this.answerForm(request);
  }

  /** The fake store has no accounts: every page is as a signed-in household sees it. */
  async isSignedIn(): Promise<boolean> {
    return true;
  }

  async signIn(): Promise<SignInOutcome> {
    return { kind: "signed_in" };
  }

  async cookies(): Promise<StoreSessionCookie[]> {
    return [];
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

export const contextWith = (session: StoreSession): StoreToolContext => ({
  session,
  storeUrl: STORE_URL,
  registry: auchanPtSelectorRegistry(),
});

/** A product tile's raw fields, machine-readable sources filled in like the site does. */
export const rawTile = (tile: {
  productId: string;
  name: string;
  price: string;
  pricePerUnit?: string;
  brand?: string;
  unavailable?: boolean;
  wasPrice?: string;
  extra?: Record<string, RawValue>;
}): RawRecord =>
  rawRecord({
    productId: tile.productId,
    gtm: JSON.stringify({
      name: tile.name,
      id: tile.productId,
      price: tile.price,
      brand: tile.brand ?? "",
      category: "alimentação/produtos-lácteos/leites/leite-uht",
    }),
    name: tile.name,
    href: `/pt/alimentacao/produtos-lacteos/leites/leite-uht/x/${tile.productId}.html`,
    price: tile.price,
    wasPrice: tile.wasPrice ?? null,
    pricePerUnit: tile.pricePerUnit ?? null,
    rootClass: `product-tile auc-product-tile${tile.unavailable ? " auc-product-unavailable" : ""}`,
    unavailableButton: tile.unavailable ? "Indisponível online" : null,
    labels: [],
    ...tile.extra,
  });
