import { SHOP_CURRENCY } from '@proper-parts/domain/punchout';
import { cxmlDocument, esc } from './cxml.ts';
import type { ReturnedLine } from './punchout-sessions.ts';

/** A form field the auto-posting page sends to the procurement system. */
export interface FormField {
  name: string;
  value: string;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The cart as a cXML 1.2 PunchOutOrderMessage, posted back to the BrowserFormPost URL in the
 * form field `cxml-urlencoded` (the cXML guide's name for it). Per line: SupplierPartID = our
 * SKU, the quantity, UnitPrice in the shop's currency from the price function, Description,
 * UnitOfMeasure EA (our parts sell by the piece), UNSPSC Classification when the category has one,
 * ManufacturerPartID and ManufacturerName when known. `operationAllowed="create"`: the buyer
 * cannot re-open this cart for editing (an edit punchout starts a new, empty cart).
 */
export function punchOutOrderMessage(
  lines: ReturnedLine[],
  input: { buyerCookie: string; host: string },
): FormField[] {
  const total = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const items = lines.map((line, index) => {
    const parts = [
      `<ItemIn quantity="${line.quantity}" lineNumber="${index + 1}">`,
      `<ItemID><SupplierPartID>${esc(line.sku)}</SupplierPartID></ItemID>`,
      '<ItemDetail>',
      `<UnitPrice><Money currency="${SHOP_CURRENCY}">${money(line.unitCents)}</Money></UnitPrice>`,
      `<Description xml:lang="en">${esc(line.name)}</Description>`,
      '<UnitOfMeasure>EA</UnitOfMeasure>',
      line.unspsc ? `<Classification domain="UNSPSC">${esc(line.unspsc)}</Classification>` : '',
      line.mpn ? `<ManufacturerPartID>${esc(line.mpn)}</ManufacturerPartID>` : '',
      line.brand ? `<ManufacturerName>${esc(line.brand)}</ManufacturerName>` : '',
      '</ItemDetail>',
      '</ItemIn>',
    ];
    return parts.filter(Boolean).join('\n');
  });
  const body = `<Header>
<From><Credential domain="DUNS"><Identity>${esc(input.host)}</Identity></Credential></From>
<To><Credential domain="NetworkID"><Identity>buyer</Identity></Credential></To>
<Sender><Credential domain="DUNS"><Identity>${esc(input.host)}</Identity></Credential><UserAgent>Proper Parts</UserAgent></Sender>
</Header>
<Message>
<PunchOutOrderMessage>
<BuyerCookie>${esc(input.buyerCookie)}</BuyerCookie>
<PunchOutOrderMessageHeader operationAllowed="create">
<Total><Money currency="${SHOP_CURRENCY}">${money(total)}</Money></Total>
</PunchOutOrderMessageHeader>
${items.join('\n')}
</PunchOutOrderMessage>
</Message>`;
  return [{ name: 'cxml-urlencoded', value: cxmlDocument(body, input.host) }];
}

/**
 * The cart as SAP OCI 5.0 inbound fields, numbered from 1: description (cut to OCI's 40
 * characters), quantity and price with OCI's three decimals, currency, unit (ISO `PCE`, a piece),
 * price unit 1, our SKU as the vendor's product number (VENDORMAT) and the catalog key
 * (EXT_PRODUCT_ID), the manufacturer's part number, and the UNSPSC code as the external category
 * (EXT_SCHEMA_TYPE UNSPSC + EXT_CATEGORY_ID). MATGROUP is the buyer's own SRM material group,
 * which we do not know: left out, for the buyer's system to map. `~OkCode=ADDI` (add the items)
 * and `~TARGET=_top` as OCI's outbound section asks.
 */
export function ociFields(lines: ReturnedLine[]): FormField[] {
  const fields: FormField[] = [
    { name: '~OkCode', value: 'ADDI' },
    { name: '~TARGET', value: '_top' },
    { name: '~CALLER', value: 'CTLG' },
  ];
  lines.forEach((line, index) => {
    const n = index + 1;
    const add = (field: string, value: string) => {
      if (value) fields.push({ name: `NEW_ITEM-${field}[${n}]`, value });
    };
    add('DESCRIPTION', line.name.slice(0, 40));
    add('QUANTITY', line.quantity.toFixed(3));
    add('UNIT', 'PCE');
    add('PRICE', (line.unitCents / 100).toFixed(3));
    add('PRICEUNIT', '1');
    add('CURRENCY', SHOP_CURRENCY);
    add('VENDORMAT', line.sku.slice(0, 40));
    add('EXT_PRODUCT_ID', line.sku.slice(0, 40));
    add('MANUFACTMAT', line.mpn.slice(0, 40));
    if (line.unspsc) {
      add('EXT_SCHEMA_TYPE', 'UNSPSC');
      add('EXT_CATEGORY_ID', line.unspsc);
    }
    fields.push({ name: `NEW_ITEM-LONGTEXT_${n}:132[]`, value: line.name });
  });
  return fields;
}

/**
 * The page that posts the fields to the procurement system by itself: a plain form, submitted by
 * a nonce'd script (and by its button when scripts are off). Its own Content-Security-Policy lets
 * the form go to that one origin only.
 */
export function autoPostPage(input: {
  action: string;
  fields: FormField[];
  systemName: string;
  nonce: string;
}): string {
  const hidden = input.fields
    .map((field) => `<input type="hidden" name="${esc(field.name)}" value="${esc(field.value)}">`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Returning your cart | Proper Parts</title>
<style nonce="${input.nonce}">
body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;background:#f4f4f5;color:#18181b}
main{background:#fff;padding:2rem;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.15);max-width:28rem;margin:1rem;text-align:center}
button{background:#1d4ed8;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>Returning your cart to ${esc(input.systemName)}</h1>
<p>Your cart is on its way back to ${esc(input.systemName)}. If nothing happens, press the button.</p>
<form id="punchout-return" method="post" action="${esc(input.action)}">
${hidden}
<button type="submit">Return cart to ${esc(input.systemName)}</button>
</form>
</main>
<script nonce="${input.nonce}">document.getElementById('punchout-return').submit();</script>
</body>
</html>
`;
}
