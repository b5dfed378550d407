/**
 * React 19 renders the mini-app, in the build, the dev server and the tests alike (docs/web.md 'Renderer'): no
 * alias or compatible renderer stands in for react and react-dom. Should one creep back, this fails.
 */
import { render, screen } from '@testing-library/react'
import { useState, version } from 'react'
import { version as domVersion } from 'react-dom'
import { describe, expect, it } from 'vitest'

describe('renderer', () => {
  it('is React DOM 19, in the app code and in Testing Library', () => {
    expect(version).toMatch(/^19\./)
    expect(domVersion).toBe(version)
    function Counter() {
      const [count] = useState(3)
      return <p>{`count ${count}`}</p>
    }
    render(<Counter />)
    const paragraph = screen.getByText('count 3')
    // React DOM marks each node it owns with its fiber; Preact's compat layer does not.
    expect(Object.keys(paragraph).some((key) => key.startsWith('__reactFiber$'))).toBe(true)
  })
})
