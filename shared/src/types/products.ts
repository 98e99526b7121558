import type {
  AdditionalFeesType,
  Currency,
  Marketplace,
  ProductComputed,
  ReorderPlan,
  ScenarioChanges,
  SolveAnswer,
  SolveTarget,
  StoredReorderInputs,
} from '../calc';

export type { AdditionalFeesType, ProductComputed, ScenarioChanges, SolveAnswer, SolveTarget };

/** The numbers a member enters for a product (docs/areas/seller-tools.md#data). Optional ones are null when blank. */
export interface ProductFields {
  title: string;
  description: string | null;
  units: number;
  costPerUnit: number;
  shippingCost: number;
  amazonFees: number;
  amazonRetail: number;
  /** The stored additional fees: always a percentage of the retail price, 0 to 50. */
  additionalFees: number;
  /** How the member last entered additional fees (the toggle's position). */
  typeAdditionalFees: AdditionalFeesType;
  promotionUnitsPerDay: number | null;
  promotionPercentage: number | null;
  promotionDays: number | null;
  dailyAdvertisingCost: number | null;
  spend: number | null;
  sales: number | null;
  projectedUnits: number | null;
  /** The fees behind `amazonFees`, per unit (null when not given): FBA fulfillment, referral, a month of storage. */
  fbaFee: number | null;
  referralFee: number | null;
  storageFee: number | null;
  /** Whether the three fees are still what "Estimate from dimensions" filled in (unchanged since). */
  feesEstimated: boolean;
  /** Where it sells (US, UK, DE, CA): its currency and, for UK and DE, the VAT its price includes. */
  marketplace: Marketplace;
}

/** docs/areas/seller-tools.md#data Product as the API sends it: the inputs echoed plus every server-computed field. */
export interface Product extends ProductFields, ProductComputed {
  id: number;
  /** The marketplace's currency: every amount of the product is in it. */
  currency: Currency;
  /** The VAT % the retail price includes (the marketplace's card in force; 0 for US and CA). */
  vatRate: number;
  /** The retail price without VAT, which every figure is computed on (docs/areas/seller-tools.md, "Marketplaces"). */
  amazonRetailExVat: number;
  /** The reorder planner's last inputs and the plan they give (dated from `plannedOn`), or null before a plan. */
  reorder: { inputs: StoredReorderInputs; plan: ReorderPlan } | null;
  position: number;
  createdAt: string;
  updatedAt: string;
}

/** The `product` of POST /api/product/upsert: an id updates (only the keys sent change), none creates. */
export type ProductInput = Partial<{
  [K in keyof ProductFields]: ProductFields[K] | string | null;
}> & { id?: number };

export interface ProductUpsertBody {
  product: ProductInput;
  /** How `product.additionalFees` is expressed; dollars are converted to a percentage. */
  typeAdditionalFees?: AdditionalFeesType;
}

export interface ProductUpsertResponse {
  product: Product;
  isNew: boolean;
}

export interface ProductListResponse {
  products: Product[];
}

export interface ProductCountResponse {
  total: number;
}

/** A named "what if" of a product: the inputs it changes; every other input is the product's. */
export interface ProductScenario {
  id: number;
  productId: number;
  name: string;
  /** 1..5 in the order they were added. */
  position: number;
  changes: ScenarioChanges;
  createdAt: string;
  updatedAt: string;
}

export interface ProductScenarioListResponse {
  scenarios: ProductScenario[];
}

/** POST /api/product/{id}/scenarios: with an id, updates that scenario (name and changes replaced). */
export interface ProductScenarioUpsertBody {
  id?: number;
  name: string;
  changes: ScenarioChanges;
}

export interface ProductScenarioUpsertResponse {
  scenario: ProductScenario;
  isNew: boolean;
}

/** GET /api/product/{id}/solve?target=&value= */
export type ProductSolveResponse = SolveAnswer;
