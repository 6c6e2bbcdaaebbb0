import * as compat from 'preact/compat';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import { describe, expect, it } from 'vitest';

describe('renderer', () => {
  it('components render with Preact in the tests, as they do in the build', () => {
    expect(React.createElement).toBe(compat.createElement);
    expect(ReactDom.createPortal).toBe(compat.createPortal);
  });
});
