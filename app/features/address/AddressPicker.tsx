import { useCallback, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { ADDRESS_PICKER_LEVELS, LOADING_INDICATOR_DELAY_MS } from "../../../core/constants.ts";
import { Modal } from "../../components/ui/Modal.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { useDelayedFlag } from "../../lib/use-delayed.ts";

/** spec 3 Region: one node of the region resource (site info regionResourceUrl). */
export interface RegionNode {
  regionCode: string;
  regionName: string;
  parentRegionCode: string | null;
  child: RegionNode[];
}

/** spec 3 Picked address. */
export interface PickedAddress {
  regionCode: string;
  regionName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
}

// The tree per URL for the page's life: the file is cacheable and the same for every picker on the page.
const trees = new Map<string, Promise<RegionNode[]>>();

function loadTree(url: string): Promise<RegionNode[]> {
  let tree = trees.get(url);
  if (!tree) {
    tree = fetch(url, { credentials: "omit" }).then((res) => {
      if (!res.ok) throw new Error(`region resource ${res.status}`);
      return res.json() as Promise<RegionNode[]>;
    });
    tree.catch(() => trees.delete(url));
    trees.set(url, tree);
  }
  return tree;
}

function picked([region, city, district]: RegionNode[]): PickedAddress | null {
  if (!region || !city || !district) return null;
  return {
    regionCode: region.regionCode,
    regionName: region.regionName,
    cityCode: city.regionCode,
    cityName: city.regionName,
    districtCode: district.regionCode,
    districtName: district.regionName,
  };
}

/**
 * spec 2 / 3 / 5: the address picker dialog (titled for the delivery region), level by level in the spec's order
 * region → city → district from the region resource, whose branches that stop early the server already pruned.
 * Picking at the last level completes it; a chosen level above is a button back to that level.
 */
export function AddressPicker({
  open,
  onClose,
  onPick,
  treeUrl,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (address: PickedAddress) => void;
  treeUrl: string;
}) {
  const { t } = useI18n();
  const [tree, setTree] = useState<RegionNode[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [path, setPath] = useState<RegionNode[]>([]);

  const load = useCallback(() => {
    setFailed(false);
    loadTree(treeUrl).then(setTree, () => setFailed(true));
  }, [treeUrl]);

  useEffect(() => {
    if (open) {
      setPath([]);
      load();
    }
  }, [open, load]);

  // spec 9: the loading text waits 200 ms, so the cached tree never flashes it.
  const showLoading = useDelayedFlag(open && tree === null && !failed, LOADING_INDICATOR_DELAY_MS);
  const depth = Math.min(path.length, ADDRESS_PICKER_LEVELS.length - 1);
  const level = ADDRESS_PICKER_LEVELS[depth]!;
  const levelName = (index: number) => t(`address.level.${ADDRESS_PICKER_LEVELS[index]!}`);
  const options = depth === 0 ? (tree ?? []) : (path[depth - 1]?.child ?? []);

  const choose = (node: RegionNode) => {
    const next = [...path.slice(0, depth), node];
    if (next.length < ADDRESS_PICKER_LEVELS.length) return setPath(next);
    const address = picked(next);
    if (address) onPick(address);
    onClose();
  };

  // It opens only in the browser (a click, or the query key once the screen is known to be small), so it can
  // sit at the end of the body, above the mobile bottom bar that shares its layer (spec 9: fixed 1050).
  if (!open || typeof document === "undefined") return null;
  return createPortal(
    <Modal open={open} onClose={onClose} title={t("address.pickerTitle")}>
      {path.length > 0 && (
        <ol className="mt-3 flex flex-wrap gap-2 text-sm" aria-label={t("address.area")}>
          {path.map((node, index) => (
            <li key={node.regionCode}>
              <button
                type="button"
                className="rounded-full border border-slate-300 px-3 py-1 text-slate-800 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={`${t("address.back", { level: levelName(index) })}: ${node.regionName}`}
                onClick={() => setPath(path.slice(0, index))}
              >
                {node.regionName}
              </button>
            </li>
          ))}
        </ol>
      )}
      <h3 id="address-level" className="mt-4 text-sm font-semibold text-slate-700" data-level={level}>
        {t("address.choose", { level: levelName(depth) })}
      </h3>
      {failed ? (
        <div role="alert" className="mt-3 text-sm text-red-700">
          <p>{t("address.loadFailed")}</p>
          <button type="button" className="mt-2 underline" onClick={load}>
            {t("error.tryAgain")}
          </button>
        </div>
      ) : tree === null ? (
        <p className="mt-3 text-sm text-slate-700" role="status">
          {showLoading ? t("common.loading") : null}
        </p>
      ) : (
        <ul aria-labelledby="address-level" className="mt-2 grid grid-cols-2 gap-2">
          {options.map((node) => (
            <li key={node.regionCode}>
              <button
                type="button"
                className="w-full rounded-lg border border-slate-300 px-3 py-2 text-left text-sm text-slate-900 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                onClick={() => choose(node)}
              >
                {node.regionName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>,
    document.body,
  );
}
