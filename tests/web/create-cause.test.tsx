import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateCauseForm, MAX_COVER_BYTES } from '../../src/web/features/causes/components/create-cause-form';
import { configureApiClient } from '../../src/web/lib/api-client';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { makeCause } from './helpers/causes';
import { signInAs, signOut } from './helpers/render-route';
import { FakeXhr } from './helpers/fake-xhr';

afterEach(() => {
  clearToasts();
  signOut();
  vi.useRealTimers();
});

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const categories = async () => [{ id: 'cat-med', name: 'Medical' }];

function fillRequired() {
  fireEvent.change(screen.getByLabelText('Cause name *'), { target: { value: 'Water for Tamale' } });
  fireEvent.change(screen.getByLabelText('Description *'), { target: { value: 'Boreholes for three schools.' } });
}

describe('Create a Cause form', () => {
  it('prefills the organizer id (read-only) and warns when required fields are missing', async () => {
    const id = signInAs({ role: 'user' });
    const submit = vi.fn();
    render(<CreateCauseForm submit={submit} loadCategories={categories} goBack={() => {}} />);
    const organizer = screen.getByLabelText('Organizer ID *') as HTMLInputElement;
    expect(organizer.value).toBe(id);
    expect(organizer.readOnly).toBe(true);
    const amount = screen.getByLabelText('Target amount (GHS)') as HTMLInputElement;
    expect([amount.type, amount.min, amount.step]).toEqual(['number', '0', '0.01']);
    expect(screen.getByText(/reviewed by the Boafo team/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Cause name *'), { target: { value: 'Only a name' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create cause' })));
    expect(toasts()).toEqual(['warning:Please fill in all required fields.']);
    expect(submit).not.toHaveBeenCalled();
  });

  it('admins may edit the organizer id', () => {
    signInAs({ role: 'admin' });
    render(<CreateCauseForm submit={vi.fn()} loadCategories={categories} goBack={() => {}} />);
    expect((screen.getByLabelText('Organizer ID *') as HTMLInputElement).readOnly).toBe(false);
  });

  it('rejects an image over 5 MB with a clear message', () => {
    signInAs();
    render(<CreateCauseForm submit={vi.fn()} loadCategories={categories} goBack={() => {}} />);
    const big = new File([new Uint8Array(MAX_COVER_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Cover image'), { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('The cover image is larger than 5 MB. Please choose a smaller image.');
  });

  it('uploads multipart through XMLHttpRequest with progress, then succeeds, clears the form and goes back after 1.2 s', async () => {
    const userId = signInAs();
    configureApiClient({ xhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const goBack = vi.fn();
    render(<CreateCauseForm loadCategories={categories} goBack={goBack} />);
    await screen.findByRole('option', { name: 'Medical' });
    fillRequired();
    fireEvent.change(screen.getByLabelText('Target amount (GHS)'), { target: { value: '2500.50' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '__other__' } });
    fireEvent.change(screen.getByLabelText('New category name'), { target: { value: 'Water' } });
    fireEvent.click(screen.getByLabelText('Keep accepting donations after the goal is reached'));
    const png = new File([new Uint8Array(100)], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Cover image'), { target: { files: [png] } });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create cause' })));
    const busy = screen.getByRole('button', { name: 'Creating cause...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);

    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/causes/create/']);
    expect(xhr.headers.Authorization).toMatch(/^Bearer /);
    const sent = Object.fromEntries([...xhr.body!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]));
    expect(sent).toEqual({
      name: 'Water for Tamale',
      description: 'Boreholes for three schools.',
      target_amount: '2500.50',
      organizer_id: userId,
      category_data: '{"name":"Water"}',
      accepts_donations_after_goal: 'true',
      cover_image: 'file:cover.png',
    });

    await act(async () => xhr.progress(50, 100));
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(0.5);
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();

    vi.useFakeTimers();
    await act(async () => xhr.respond(201, makeCause('new', { status: 'under_review' })));
    expect(toasts()).toEqual(['success:Cause created successfully.']);
    expect((screen.getByLabelText('Cause name *') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Description *') as HTMLTextAreaElement).value).toBe('');
    act(() => vi.advanceTimersByTime(1100));
    expect(goBack).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(goBack).toHaveBeenCalledTimes(1);
  });

  it('a 400 asks to update the required fields and shows field errors inline', async () => {
    signInAs();
    configureApiClient({ xhr: () => new FakeXhr() as unknown as XMLHttpRequest });
    const goBack = vi.fn();
    render(<CreateCauseForm loadCategories={categories} goBack={goBack} />);
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create cause' })));
    await act(async () =>
      FakeXhr.last!.respond(
        400,
        {
          detail: 'Please correct the highlighted fields.',
          code: 'validation_error',
          errors: { name: ['Ensure this field has no more than 200 characters.'] },
        },
        'Bad Request',
      ),
    );
    expect(toasts()).toEqual(['error:Please update required fields: name, description, organizer id.']);
    const name = screen.getByLabelText('Cause name *');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Ensure this field has no more than 200 characters.',
    );
    // The form keeps what was typed, and nothing navigates.
    expect((name as HTMLInputElement).value).toBe('Water for Tamale');
    expect(goBack).not.toHaveBeenCalled();
  });

  it('other errors say "System issue. Taking you back." and go back after 1 s', async () => {
    signInAs();
    const goBack = vi.fn();
    const submit = vi.fn().mockRejectedValue(new Error('API 500 Internal Server Error: boom'));
    render(<CreateCauseForm submit={submit} loadCategories={categories} goBack={goBack} />);
    fillRequired();
    vi.useFakeTimers();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create cause' })));
    expect(toasts()).toEqual(['error:System issue. Taking you back.']);
    act(() => vi.advanceTimersByTime(999));
    expect(goBack).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(goBack).toHaveBeenCalledTimes(1);
  });

  it('an error mentioning "required" gets the required-fields message too', async () => {
    signInAs();
    const submit = vi.fn().mockRejectedValue(new Error('organizer_id is required'));
    render(<CreateCauseForm submit={submit} loadCategories={categories} goBack={() => {}} />);
    fillRequired();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create cause' })));
    await waitFor(() => expect(toasts()).toEqual(['error:Please update required fields: name, description, organizer id.']));
  });
});
