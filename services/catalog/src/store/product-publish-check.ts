/**
 * Whether a stored product may be in the storefront (dashboard spec §5): the one publish rule
 * applied to the product as the editor has it, and the book-density advice that never refuses.
 */
import type { DashboardProduct } from '@inkwell/contracts/dashboard-products';
import type { Problem } from '@inkwell/contracts/problems';
import { BadRequestError } from '@inkwell/platform';
import { bookDensityWarning, productPublishProblems, type ProductType } from '../domain';
import { productRefusedMessage } from '../domain/messages';

/** Spec §5 problems of a stored product (what publishing it would be refused for). */
export function publishProblemsOf(product: DashboardProduct, now: Date): Problem[] {
  return productPublishProblems(
    {
      name: product.name,
      description: product.description,
      category: product.category,
      type: product.subCategory as ProductType,
      readableUrl: product.readableUrl,
      hasSeries: product.series !== null,
      ingestCompleted: product.downloadable?.ingestCompleted ?? false,
      issueNumber: product.issueNumber,
      variants: product.variants.map((variant) => ({
        type: variant.type,
        enabled: variant.enabled,
        priceType: variant.priceType,
        priceCents: variant.price,
        usingDefaultPrice: variant.pricingInfo.usingDefaultPrice,
        description: variant.stockInfo?.description,
        stock: variant.stockInfo
          ? {
              weight: variant.stockInfo.weight ?? undefined,
              height: variant.stockInfo.height ?? undefined,
              width: variant.stockInfo.width ?? undefined,
              length: variant.stockInfo.length ?? undefined,
              delayExpected: variant.stockInfo.delayExpected,
              delayedUntilDate: variant.stockInfo.delayedUntilDate ?? undefined,
              delayMessage: variant.stockInfo.delayMessage ?? undefined,
            }
          : undefined,
      })),
    },
    now,
  );
}

/** Spec §5 book-density warnings of the product's Print variants. */
export function densityWarnings(product: DashboardProduct): string[] {
  return product.variants.flatMap((variant) => (variant.type === 'Print' ? [bookDensityWarning(variant.stockInfo)].filter((text): text is string => text !== undefined) : []));
}

export function refusePublishProblems(problems: Problem[], warnings: string[]): void {
  if (problems.length > 0) throw new BadRequestError(productRefusedMessage(problems.map((item) => item.message).join(' ')), { problems, warnings });
}
