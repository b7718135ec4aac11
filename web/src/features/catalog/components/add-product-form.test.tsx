import { messages } from '@proper-parts/domain/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { AddProductForm } from './add-product-form';

const UPLOAD = 'POST /api/v1/uploads';
const CREATE = 'POST /api/v1/tools';
const URL_OF_UPLOAD = `/uploads/${'a1'.repeat(16)}.webp`;

const renderForm = () =>
  renderWithProviders(
    <>
      <AddProductForm />
      <Toaster />
    </>,
  );

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'gear.png', { type: 'image/png' });

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'name' | 'description' | 'minimum' | 'quantity' | 'price', string>> = {},
  file: File | null = png(),
) {
  const v = {
    name: 'Planetary Gearbox',
    description: 'Two-stage, 42 mm frame, ratio 1:49.',
    minimum: '10',
    quantity: '400',
    price: '89.50',
    ...values,
  };
  const type = async (label: string, text: string) => {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (text) await user.type(field, text);
  };
  await type('Name', v.name);
  await type('Description', v.description);
  await type('Minimum order quantity', v.minimum);
  await type('Available quantity', v.quantity);
  await type('Price per piece ($)', v.price);
  if (file) await user.upload(screen.getByLabelText('Image'), file);
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Add Product' }));

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('AddProductForm', () => {
  it("shows the spec's message under every empty field and sends nothing", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(signInAs(admin));
    renderForm();
    await submit(user);

    for (const message of [
      messages.nameRequired,
      messages.descriptionRequired,
      messages.minimumRequired,
      messages.quantityRequired,
      messages.priceRequired,
      messages.imgRequired,
    ]) {
      expect(await screen.findByText(message)).toHaveClass('text-error');
    }
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, UPLOAD)).toEqual([]);
    expect(callsTo(fetchMock, CREATE)).toEqual([]);
  });

  it('refuses a minimum above the stock, a fractional minimum and a price of 0', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(signInAs(admin));
    renderForm();
    await fill(user, { minimum: '500', quantity: '400', price: '0' });
    await submit(user);
    expect(await screen.findByText(messages.minimumAboveQuantity)).toBeInTheDocument();
    expect(screen.getByText('Price must be more than 0')).toBeInTheDocument();

    await fill(user, { minimum: '2.5' }, null);
    await submit(user);
    expect(await screen.findByText('Minimum must be a whole number')).toBeInTheDocument();
    expect(callsTo(fetchMock, UPLOAD)).toEqual([]);
  });

  it('refuses a file over 5 MB before uploading it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(signInAs(admin));
    renderForm();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await fill(user, {}, big);
    await submit(user);
    expect(await screen.findByText(messages.imageTooLarge)).toHaveClass('text-error');
    expect(callsTo(fetchMock, UPLOAD)).toEqual([]);
  });

  it('uploads the image, adds the product with its URL, toasts success and clears the form', async () => {
    const user = userEvent.setup();
    const uploads: FormData[] = [];
    const fetchMock = stubApi({
      ...signInAs(admin),
      [UPLOAD]: () => jsonResponse({ success: true, data: { url: URL_OF_UPLOAD } }),
      [CREATE]: () => jsonResponse({ success: true, data: { insertedId: 'new-id' } }),
    });
    renderForm();
    await fill(user);
    await submit(user);

    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    for (const [input, init] of fetchMock.mock.calls) {
      if (String(input).endsWith('/api/v1/uploads')) uploads.push(init?.body as FormData);
    }
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.get('image')).toMatchObject({ name: 'gear.png', type: 'image/png' });
    expect(callsTo(fetchMock, CREATE)).toEqual([
      {
        name: 'Planetary Gearbox',
        description: 'Two-stage, 42 mm frame, ratio 1:49.',
        minimumOrderQuantity: 10,
        availableQuantity: 400,
        price: 89.5,
        img: URL_OF_UPLOAD,
      },
    ]);
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("puts the server's refusal of the file under the file input and toasts the failure", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      [UPLOAD]: () => jsonResponse({ success: false, message: messages.imageTooManyPixels }, 400),
    });
    renderForm();
    await fill(user);
    await submit(user);

    expect(await screen.findByText(messages.productAddFailed)).toBeInTheDocument();
    expect(screen.getByText(messages.imageTooManyPixels)).toHaveClass('text-error');
    expect(callsTo(fetchMock, CREATE)).toEqual([]);
    expect(screen.getByLabelText('Name')).toHaveValue('Planetary Gearbox');
  });

  it("toasts 'Failed to add a Product' and says why when the product is refused", async () => {
    const user = userEvent.setup();
    stubApi({
      ...signInAs(admin),
      [UPLOAD]: () => jsonResponse({ success: true, data: { url: URL_OF_UPLOAD } }),
      [CREATE]: () => jsonResponse({ success: false, message: messages.forbidden }, 403),
    });
    renderForm();
    await fill(user);
    await submit(user);

    expect(await screen.findByText(messages.productAddFailed)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.forbidden);
  });
});

describe('AddProductForm: the catalog fields (issue 16)', () => {
  it('suggests a SKU from the name, and sends SKU, brand and category when given', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      [UPLOAD]: () => jsonResponse({ success: true, data: { url: URL_OF_UPLOAD } }),
      [CREATE]: () => jsonResponse({ success: true, data: { insertedId: 'new-id' } }),
      'GET /api/v1/catalog/categories': () =>
        jsonResponse({
          success: true,
          data: [{ slug: 'gearboxes', name: 'Gearboxes', count: 3, children: [] }],
        }),
    });
    renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Suggest from the name' }));
    expect(screen.getByLabelText('SKU (optional)')).toHaveValue('PLA-GEA');
    await user.type(screen.getByLabelText('Brand (optional)'), 'Gearwright');
    await user.selectOptions(await screen.findByLabelText('Category'), 'gearboxes');
    await submit(user);
    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    expect(callsTo(fetchMock, CREATE)[0]).toMatchObject({
      sku: 'PLA-GEA',
      brand: 'Gearwright',
      category: 'gearboxes',
    });
  });
});
