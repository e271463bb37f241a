/** The public catalogue's figures, as GET /api/vehicles/stats answers them. */
export interface InventoryStats {
  total: number;
  byCategory: Record<string, number>;
  byBrand: Record<string, number>;
  avgPrice: number;
}
