import { describe, expect, it } from 'vitest';
import { control, Field, FieldGroup, InputField } from './Field.tsx';
import { mount } from './test-mount.tsx';

describe('Field', () => {
  it('ties its label to the control and the error under it to the control by aria-describedby', () => {
    const view = mount(
      <Field id="title" label="Title" error="Too long" hint="Up to 40 characters">
        <input {...control('title', 'Too long', 'input')} />
      </Field>,
    );
    const input = view.querySelector('input');
    expect(view.querySelector('label')?.htmlFor).toBe('title');
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    expect(input?.getAttribute('aria-describedby')).toBe('title-error');
    const error = view.querySelector('[data-testid="title-error"]');
    expect(error?.id).toBe('title-error');
    expect(error?.getAttribute('role')).toBe('alert');
    expect(view.textContent).toContain('Up to 40 characters');
  });

  it('leaves a valid control without error state, and shows a node hint as it is', () => {
    const view = mount(
      <Field id="total" label="Total" hint={<p data-testid="available">12 USDT</p>}>
        <input {...control('total', undefined, 'input')} />
      </Field>,
    );
    const input = view.querySelector('input');
    expect(input?.hasAttribute('aria-invalid')).toBe(false);
    expect(input?.hasAttribute('aria-describedby')).toBe(false);
    expect(view.querySelector('[data-testid="available"]')?.textContent).toBe('12 USDT');
    expect(view.querySelector('[role="alert"]')).toBeNull();
  });
});

describe('InputField', () => {
  it('is a Field whose input takes its id as test id, its error state, and the input props given', () => {
    const view = mount(
      <InputField id="link" label="Link" error="Not a link" type="url" maxLength={10} value="x" onChange={() => {}} />,
    );
    const input = view.querySelector('input');
    expect(view.querySelector('label')?.htmlFor).toBe('link');
    expect(input?.id).toBe('link');
    expect(input?.dataset.testid).toBe('link');
    expect(input?.type).toBe('url');
    expect(input?.maxLength).toBe(10);
    expect(input?.getAttribute('aria-describedby')).toBe('link-error');
    expect(view.querySelector('[data-testid="link-error"]')?.textContent).toBe('Not a link');
  });

  it('reads a string hint with the input, and the error after it', () => {
    const view = mount(<InputField id="zone" label="Zone" hint="Where you are" value="" onChange={() => {}} />);
    expect(view.querySelector('input')?.getAttribute('aria-describedby')).toBe('zone-hint');
    expect(view.querySelector('#zone-hint')?.textContent).toBe('Where you are');
    const invalid = mount(
      <InputField id="zone2" label="Zone" hint="Where you are" error="Unknown" value="" onChange={() => {}} />,
    );
    expect(invalid.querySelector('input')?.getAttribute('aria-describedby')).toBe('zone2-hint zone2-error');
  });
});

describe('FieldGroup', () => {
  it('names its choices with a legend and shows the group error under them', () => {
    const view = mount(
      <FieldGroup id="kinds" legend="What to submit" error="Choose one">
        <button type="button">Text</button>
      </FieldGroup>,
    );
    expect(view.querySelector('fieldset legend')?.textContent).toBe('What to submit');
    expect(view.querySelector('[data-testid="kinds-error"]')?.textContent).toBe('Choose one');
  });
});
