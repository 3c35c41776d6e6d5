import { Badge, type BadgeTone } from "~/components/ui/badge";

/** SPEC §2 Service Pricing: Hair, Nails and everything else each have their own colour. */
function categoryTone(category: string): BadgeTone {
  const key = category.trim().toLowerCase();
  if (key === "hair") return "blue";
  if (key === "nails") return "brand";
  return "neutral";
}

export function CategoryBadge({ category }: { category: string }) {
  return <Badge tone={categoryTone(category)}>{category}</Badge>;
}
