import styled from 'styled-components';

/** A column of fields and messages. */
export const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;

  p {
    margin: 0;
  }
`;

/** The buttons under a form: the way back at the start, the main action at the end. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
`;
